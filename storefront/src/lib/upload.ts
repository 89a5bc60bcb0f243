import { failedAnswer, noAnswer, pageLanguage, renewSession, TIMEOUT_MS } from './client.ts';
import { signedHeaders } from './signature.ts';

/** POST /api/v1/pictures answers the stored picture with its renditions. */
export interface UploadedPicture {
  id: number;
  url: string;
  width: number;
  height: number;
  renditions: { width: number; height: number; format: string; url: string }[];
}

/** One try: XMLHttpRequest, because fetch cannot report how much of the body has been sent. */
async function send(file: File, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<{ status: number; data: unknown }> {
  // A multipart body is signed over the timestamp (DESIGN §2), like a request without a body.
  const headers = { Accept: 'application/json', ...(await signedHeaders()) };
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/v1/pictures?lng=${pageLanguage()}`);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.timeout = TIMEOUT_MS;
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => resolve({ status: xhr.status, data: xhr.response });
    xhr.onerror = () => reject(noAnswer(false));
    xhr.ontimeout = () => reject(noAnswer(true));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const body = new FormData();
    body.append('file', file);
    xhr.send(body);
  });
}

/**
 * Uploads one picture (one file per request), reporting the percentage sent. Like apiCall, a 401
 * renews the session once and tries again; a refusal (413, 415, 422…) becomes an ApiError.
 */
export async function uploadPicture(file: File, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<UploadedPicture> {
  let answer = await send(file, onProgress, signal);
  if (answer.status === 401 && (await renewSession())) {
    onProgress(0);
    answer = await send(file, onProgress, signal);
  }
  if (answer.status < 200 || answer.status >= 300) throw failedAnswer(answer.status, answer.data);
  onProgress(100);
  return (answer.data as { data: UploadedPicture }).data;
}
