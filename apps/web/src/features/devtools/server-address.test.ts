import { describe, expect, it } from 'vitest';
import { normaliseServerAddress } from './server-address';

describe('server address', () => {
  it('keeps http(s) origins, empties to this site, refuses the rest', () => {
    expect(normaliseServerAddress(' https://erp.example.edu/ ')).toBe('https://erp.example.edu');
    expect(normaliseServerAddress('http://10.0.0.5:8080')).toBe('http://10.0.0.5:8080');
    expect(normaliseServerAddress('')).toBe('');
    expect(normaliseServerAddress('ftp://x')).toBeNull();
    expect(normaliseServerAddress('not a url')).toBeNull();
  });
});
