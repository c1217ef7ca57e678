// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Features whose api.ts calls the REST endpoints by name (lib/endpoints.ts, definitions in
 * packages/shared/src/endpoints): no hand-typed `api.get<T>(path)`, and one mutation hook,
 * useEndpointMutation. Add a feature here when its api.ts is converted.
 */
const CONVERTED = [
  'account',
  'accounts',
  'admissions',
  'alumni',
  'attendance',
  'college',
  'documents',
  'faculty',
  'grievances',
  'hostel',
  'leave',
  'library',
  'logins',
  'masters',
  'naac',
  'nirf',
  'notifications',
  'obe',
  'payments',
  'placements',
  'portal',
  'registrations',
  'results',
  'setup',
  'transport',
];

const features = path.join(path.dirname(fileURLToPath(import.meta.url)), 'features');

/** What a converted api.ts must not do, with the line it does it on. */
function untypedCalls(code: string): string[] {
  const rules: Array<[RegExp, string]> = [
    [/\bapi\.(get|post|put|del)\b/, 'a hand-typed api call: call the endpoint (callEndpoint, useEndpointQuery)'],
    [
      /\bapiRequest(<(?!Blob>)|\()/,
      'apiRequest for an answer: call the endpoint (only a file by its address may use apiRequest<Blob>)',
    ],
    [/\bapiUpload\b/, 'apiUpload: call the upload endpoint'],
    [/\buseMutation\b/, 'useMutation: use useEndpointMutation'],
    [/\buseQuery\b/, 'useQuery: use useEndpointQuery'],
  ];
  return code.split('\n').flatMap((line, i) => rules.filter(([re]) => re.test(line)).map(([, why]) => `${i + 1}: ${why}`));
}

describe('typed endpoints in the web features', () => {
  for (const feature of CONVERTED)
    it(`${feature}/api.ts calls its endpoints by name`, () => {
      expect(untypedCalls(fs.readFileSync(path.join(features, feature, 'api.ts'), 'utf8'))).toEqual([]);
    });

  it('no feature keeps a mutation wrapper of its own', () => {
    const wrappers = /function (use\w*Mutation|useInvalidating|useWrite|useGrievanceWrite)\b/;
    const found = fs
      .readdirSync(features)
      .map((f) => path.join(features, f, 'api.ts'))
      .filter((f) => fs.existsSync(f) && wrappers.test(fs.readFileSync(f, 'utf8')));
    expect(found.map((f) => path.relative(features, f))).toEqual([]);
  });

  it('notices the calls it forbids', () => {
    const legacy = [
      "import { useMutation, useQuery } from '@tanstack/react-query';",
      "export const useStats = () => useQuery({ queryKey: ['x'], queryFn: () => api.get<TStats>('rest', 'library/stats') });",
      "const put = <T>(p: string, body: unknown) => apiRequest<T>('rest', p, { method: 'PUT', body });",
      "export const open = () => apiRequest<Blob>('rest', 'library/labels.pdf', { as: 'blob' });",
    ].join('\n');
    expect(untypedCalls(legacy)).toEqual([
      '1: useMutation: use useEndpointMutation',
      '1: useQuery: use useEndpointQuery',
      '2: a hand-typed api call: call the endpoint (callEndpoint, useEndpointQuery)',
      '2: useQuery: use useEndpointQuery',
      '3: apiRequest for an answer: call the endpoint (only a file by its address may use apiRequest<Blob>)',
    ]);
  });
});
