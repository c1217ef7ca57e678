import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from '@fastify/type-provider-zod';
import { z } from 'zod';

type Json = unknown;

/** The first path whose value the encoded answer lost (a key the response schema does not name). */
export function droppedPath(input: Json, output: Json, path = ''): string | null {
  if (Array.isArray(input)) {
    if (!Array.isArray(output)) return path || '(root)';
    for (let i = 0; i < input.length; i++) {
      const lost = droppedPath(input[i], output[i], `${path}[${i}]`);
      if (lost) return lost;
    }
    return null;
  }
  if (input && typeof input === 'object') {
    if (!output || typeof output !== 'object') return path || '(root)';
    for (const [key, value] of Object.entries(input)) {
      if (value === undefined) continue;
      const lost =
        key in output
          ? droppedPath(value, (output as Record<string, Json>)[key], path ? `${path}.${key}` : key)
          : path
            ? `${path}.${key}`
            : key;
      if (lost) return lost;
    }
  }
  return null;
}

/**
 * Serializes JSON answers through the route's response schema (zod). An answer that does not fit
 * is a 500 (logged) rather than a wrong shape sent out. With `strict` (the tests), an answer
 * carrying a field its schema does not name fails too, instead of losing the field silently, so a
 * schema that has drifted from the code shows in the first test that calls the route.
 */
export function responseSerializer(strict: boolean): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) =>
    (data: unknown) => {
      const result = z.safeEncode(schema, data);
      if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
      if (strict) {
        const lost = droppedPath(JSON.parse(JSON.stringify(data ?? null)), result.data);
        if (lost) throw new Error(`${method} ${url}: the response schema does not name ${lost}`);
      }
      return JSON.stringify(result.data);
    };
}
