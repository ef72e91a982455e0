import { API_BASE, ApiError, api, tokenStore, type UploadedImage } from '../../../api';

/** Spec section 9: 5MB per image, JPEG, PNG, GIF or WebP. */
export const MAX_IMAGE_BYTES = 5242880;
export { MAX_IMAGES } from '../../../lib/shared';
const IMAGE_EXTENSIONS = ['jpeg', 'jpg', 'png', 'gif', 'webp'];
const IMAGE_MIME_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/gif', 'image/webp'];
export const IMAGE_ACCEPT = IMAGE_MIME_TYPES.join(',') + ',' + IMAGE_EXTENSIONS.map((e) => '.' + e).join(',');

export type ImageProblem = 'type' | 'size';

/** Why a file cannot be uploaded, or null when it may be. */
export function checkImageFile(file: File): ImageProblem | null {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  const typeOk = file.type ? IMAGE_MIME_TYPES.includes(file.type.toLowerCase()) : IMAGE_EXTENSIONS.includes(ext);
  if (!typeOk) return 'type';
  if (file.size > MAX_IMAGE_BYTES) return 'size';
  return null;
}

function send(file: File, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/upload/image`);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = tokenStore.getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => resolve({ status: xhr.status, body: xhr.responseText });
    xhr.onerror = () => reject(new ApiError(0, 'network_error', ''));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

function parseError(status: number, body: string): ApiError {
  try {
    const env = JSON.parse(body) as { code?: string; message?: string; errors?: Record<string, string> };
    return new ApiError(status, env.code ?? `http_${status}`, env.message ?? '', env.errors);
  } catch {
    // not the JSON envelope (proxy page): the response text is the message
    return new ApiError(status, `http_${status}`, body.trim().slice(0, 200));
  }
}

/**
 * POST /api/upload/image with one file in field `file`. XMLHttpRequest rather than the
 * fetch client because fetch cannot report upload progress. On a 401 it lets the shared
 * client refresh the session (a profile call does the refresh-and-retry) and tries once more.
 */
export async function uploadImage(file: File, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<string> {
  let res = await send(file, onProgress, signal);
  if (res.status === 401 && tokenStore.getRefreshToken()) {
    await api.get('/auth/profile');
    onProgress(0);
    res = await send(file, onProgress, signal);
  }
  if (res.status < 200 || res.status >= 300) throw parseError(res.status, res.body);
  const data = JSON.parse(res.body) as Partial<UploadedImage>;
  if (!data.fileName) throw new ApiError(res.status, 'bad_response', '');
  onProgress(100);
  return data.fileName;
}
