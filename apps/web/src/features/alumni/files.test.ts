import { describe, expect, it } from 'vitest';
import { ALUMNI_MSG, ALUMNI_REGISTRATION_ACCEPT, MSG } from '@erp/shared';
import { ApiError } from '../../lib/api-client';
import { fileProblem, registrationFailureText } from './files';

describe('registrationFailureText (the four failure texts of form 1)', () => {
  it('shows the server body when the server answered', () => {
    expect(registrationFailureText(new ApiError(400, 'Name: Required*', 'Name: Required*'))).toBe('Name: Required*');
    expect(registrationFailureText(new ApiError(500, 'Something went wrong on the server', { message: 'Something went wrong on the server' }))).toBe(
      'Something went wrong on the server',
    );
  });
  it('says no response came when fetch itself failed', () => {
    expect(registrationFailureText(new TypeError('Failed to fetch'))).toBe(MSG.noResponse);
  });
  it('names anything else as unexpected', () => {
    expect(registrationFailureText(new Error('boom'))).toBe('Unexpected error: boom');
    expect(registrationFailureText('odd')).toBe('Unexpected error: odd');
  });
});

describe('fileProblem', () => {
  const file = (name: string, size = 10) => new File([new Uint8Array(size)], name);
  it('accepts the spec file types, by extension, in any case', () => {
    for (const name of ['a.pdf', 'b.JPG', 'c.jpeg', 'd.png', 'e.gif']) expect(fileProblem(file(name), ALUMNI_REGISTRATION_ACCEPT, 'bad')).toBeNull();
  });
  it('refuses other types and files over the limit', () => {
    expect(fileProblem(file('a.txt'), ALUMNI_REGISTRATION_ACCEPT, ALUMNI_MSG.registrationFileType)).toBe(ALUMNI_MSG.registrationFileType);
    expect(fileProblem(file('noext'), ALUMNI_REGISTRATION_ACCEPT, ALUMNI_MSG.registrationFileType)).toBe(ALUMNI_MSG.registrationFileType);
    expect(fileProblem(file('big.pdf', 5 * 1024 * 1024 + 1), ALUMNI_REGISTRATION_ACCEPT, 'bad')).toBe(ALUMNI_MSG.fileTooLarge);
    expect(fileProblem(null, ALUMNI_REGISTRATION_ACCEPT, 'bad')).toBeNull();
  });
});
