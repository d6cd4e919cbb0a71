import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';

type Compiler = FastifySerializerCompiler<z.ZodType>;

/**
 * Answers are written by fast-json-stringify, compiled from each route's zod response schema: only the
 * schema's fields are written (extra columns are dropped) and a missing required field is an error,
 * at the speed of Fastify's own serializer. A schema JSON Schema cannot express falls back to zod.
 */
export const serializerCompiler: Compiler = (routeSchema) => {
  let jsonSchema: object;
  try {
    jsonSchema = z.toJSONSchema(routeSchema.schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
  } catch {
    return (zodSerializerCompiler as Compiler)(routeSchema);
  }
  const stringify = fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
  return (data) => stringify(data);
};
