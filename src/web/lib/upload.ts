// Multipart uploads (team header images, assets, pictures): the same credentials and error
// shape as apiRequest, with FormData so the browser sets the boundary.
import { ApiError } from './api';

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Sends one file in the named field and returns the parsed JSON answer. */
export async function apiUpload<T>(url: string, field: string, file: Blob, fileName?: string): Promise<T> {
  const body = new FormData();
  body.append(field, file, fileName ?? (file instanceof File ? file.name : 'upload'));
  const res = await fetch(url, {
    method: 'POST',
    credentials: 'include',
    headers: { Accept: 'application/json' },
    body,
  });
  const text = await res.text();
  if (!res.ok) throw new ApiError(res.status, text || res.statusText, parseJson(text));
  return (text ? JSON.parse(text) : undefined) as T;
}
