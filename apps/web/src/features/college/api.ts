import { collegeEndpoints as college } from '@erp/shared';
import { callEndpoint, useEndpointMutation } from '../../lib/endpoints';

export type CipherAction = 'encrypt' | 'decrypt';

/**
 * getDecryptedValue: encrypts plain text or decrypts a value with the college's portal cipher.
 * The answer is text (errors too).
 */
export const useCipher = () =>
  useEndpointMutation(({ action, content }: { action: CipherAction; content: string }) =>
    callEndpoint(college.cipher, { query: { content, type: action } }),
  );
