// A JSON answer a route made as text (PostgreSQL built most of it). Fastify sends a string with a
// content type as it is, so the route's response schema describes the answer without walking it.
import type { FastifyReply } from 'fastify';

export const sendJsonText = (reply: FastifyReply, text: string) =>
  reply.type('application/json; charset=utf-8').send(text);
