// Uploads for the import API tests: a browser-like multipart form with plain fields before the file.
import type { Agent } from './app';
import { uniqueId } from './app';

export function formWithFile(
  file: { name: string; type: string; data: string | Buffer },
  fields: Record<string, string> = {},
) {
  const boundary = `----greenroom${uniqueId()}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const head = Buffer.from(
    `${parts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
      `Content-Type: ${file.type}\r\n\r\n`,
  );
  const data = typeof file.data === 'string' ? Buffer.from(file.data) : file.data;
  return {
    body: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export function upload(
  agent: Agent,
  url: string,
  file: { name: string; type: string; data: string | Buffer },
  fields?: Record<string, string>,
) {
  const { body, headers } = formWithFile(file, fields);
  return agent.request('POST', url, body, headers);
}

export const csvFile = (data: string | Buffer, name = 'members.csv') => ({ name, type: 'text/csv', data });
