import type { CallContract } from '@forum/contracts';
import { envelopeOf } from '@forum/contracts';
import { z } from 'zod';

function schemaOf(s: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  return z.toJSONSchema(s, { io, unrepresentable: 'any' }) as Record<string, unknown>;
}

/** Builds the OpenAPI 3.1 document from the mounted contracts (the one source of truth). */
export function buildOpenApi(contracts: CallContract[], version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const c of contracts) {
    const input = schemaOf(c.input, 'input');
    const op: Record<string, unknown> = {
      summary: c.summary,
      tags: c.tags,
      responses: {
        200: {
          description: 'Envelope; Code 0 on success, a negative code from the catalogue otherwise',
          content: { 'application/json': { schema: schemaOf(envelopeOf(c.output), 'output') } },
        },
      },
    };
    if (c.method === 'GET') {
      const props = (input.properties ?? {}) as Record<string, unknown>;
      const required = new Set((input.required as string[] | undefined) ?? []);
      op.parameters = Object.entries(props).map(([name, schema]) => ({
        name,
        in: 'query',
        required: required.has(name),
        schema,
      }));
    } else {
      op.requestBody = { content: { 'application/json': { schema: input } } };
    }
    for (const p of [c.path, ...(c.aliases ?? [])]) {
      paths[p] = { ...(paths[p] ?? {}), [c.method.toLowerCase()]: op };
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Forum API',
      version,
      description: 'Discuz! Q v3-style RPC API. Replies use the {Code, Message, Data} envelope.',
    },
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        cookie: { type: 'apiKey', in: 'cookie', name: 'access_token' },
      },
    },
    security: [{ bearer: [] }, { cookie: [] }],
    paths,
  };
}
