import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export type CipherAction = 'encrypt' | 'decrypt';

/** getDecryptedValue: encrypts plain text or decrypts a value with the college's portal cipher. */
export const useCipher = () =>
  useMutation({
    mutationFn: ({ action, content }: { action: CipherAction; content: string }) =>
      api.get<string>('v1', 'getDecryptedValue', { content, type: action }, 'text'),
  });
