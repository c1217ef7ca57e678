import { api } from '../../lib/api-client';
import { useEndpointMutation } from '../../lib/endpoints';

export type CipherAction = 'encrypt' | 'decrypt';

/**
 * getDecryptedValue: encrypts plain text or decrypts a value with the college's portal cipher.
 * The legacy contract's call, typed by hand: it answers text.
 */
export const useCipher = () =>
  useEndpointMutation(({ action, content }: { action: CipherAction; content: string }) =>
    api.get<string>('v1', 'getDecryptedValue', { content, type: action }, 'text'),
  );
