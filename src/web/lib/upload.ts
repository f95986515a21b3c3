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

/**
 * Like apiUpload, with plain fields before the file and the upload's progress (0–1) reported,
 * for large files (fetch cannot report upload progress).
 */
export function apiUploadWithProgress<T>(
  url: string,
  file: File,
  fields: Record<string, string>,
  onProgress: (fraction: number) => void,
): Promise<T> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append('file', file, file.name);
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const text = xhr.responseText;
      if (xhr.status < 200 || xhr.status >= 300)
        reject(new ApiError(xhr.status, text || xhr.statusText, parseJson(text)));
      else resolve((text ? JSON.parse(text) : undefined) as T);
    };
    xhr.onerror = () => reject(new ApiError(0, 'Network error', undefined));
    xhr.send(body);
  });
}
