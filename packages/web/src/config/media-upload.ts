/**
 * Sends files to the media library (`POST /api/config/media`, one request a file) and reports each
 * one's progress as its bytes leave the browser: XMLHttpRequest, since fetch tells nothing of an
 * upload's progress. The product editor uses it for product images, and for a digital product's
 * private file (`POST /api/config/digital-files`).
 */
import type { DigitalFile, MediaAsset } from '@storefront/core/wire';
import { message } from '@storefront/core/messages';
import { writeHeaders } from '../cookies.ts';

export const MEDIA_API = '/api/config/media';
export const DIGITAL_FILES_API = '/api/config/digital-files';

/** What the library takes (the server checks the bytes whatever the browser says). */
export const MEDIA_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,image/gif,image/svg+xml';

export interface UploadProgress {
  file: File;
  /** Bytes sent of `total`. */
  loaded: number;
  total: number;
}

/** A refused or broken upload: the server's message, or the spec's text when the upload broke off. */
export class UploadError extends Error {
  constructor(
    readonly file: File,
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

type Answer = { assets?: MediaAsset[]; message?: unknown } | (DigitalFile & { message?: unknown }) | null;

function parsed(text: string): Answer {
  try {
    return JSON.parse(text) as Answer;
  } catch {
    return null;
  }
}

/** Sends one file and hands on what it became. */
export type FileSender<T> = (file: File, onProgress?: (progress: UploadProgress) => void) => Promise<T>;

/** One file sent; resolves with the asset the library keeps it as. */
export const uploadOne: FileSender<MediaAsset> = (file, onProgress) =>
  sendFile(MEDIA_API, file, (body) => (body && 'assets' in body ? body.assets?.[0] : undefined), onProgress);

/** A digital product's file sent; resolves with the private file it is kept as. */
export const uploadDigitalFile: FileSender<DigitalFile> = (file, onProgress) =>
  sendFile(DIGITAL_FILES_API, file, (body) => (body && 'id' in body ? body : undefined), onProgress);

function sendFile<T>(
  url: string,
  file: File,
  pick: (body: Answer) => T | undefined,
  onProgress?: (progress: UploadProgress) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.withCredentials = true;
    for (const [name, value] of Object.entries(writeHeaders(document.cookie)))
      request.setRequestHeader(name, value);
    request.setRequestHeader('accept', 'application/json');
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress?.({ file, loaded: event.loaded, total: event.total });
    });
    const broken = () => reject(new UploadError(file, 0, message('ui.upload-incomplete')));
    request.addEventListener('error', broken);
    request.addEventListener('abort', broken);
    request.addEventListener('timeout', broken);
    request.addEventListener('load', () => {
      const body = parsed(request.responseText);
      const asset = pick(body);
      if (request.status >= 200 && request.status < 300 && asset) {
        onProgress?.({ file, loaded: file.size, total: file.size });
        resolve(asset);
        return;
      }
      reject(
        new UploadError(
          file,
          request.status,
          typeof body?.message === 'string' ? body.message : message('ui.upload-failed'),
        ),
      );
    });
    const form = new FormData();
    form.append('file', file, file.name);
    request.send(form);
  });
}

/**
 * Every file sent, two at a time; each settles apart (one refused file does not stop the others).
 * `onProgress` hears of every file's bytes as they go.
 */
export async function uploadMedia(
  files: readonly File[],
  onProgress?: (progress: UploadProgress) => void,
): Promise<PromiseSettledResult<MediaAsset>[]> {
  const results: PromiseSettledResult<MediaAsset>[] = new Array(files.length);
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const index = next++;
      const file = files[index] as File;
      try {
        results[index] = { status: 'fulfilled', value: await uploadOne(file, onProgress) };
      } catch (reason) {
        results[index] = { status: 'rejected', reason };
      }
    }
  };
  await Promise.all([worker(), worker()]);
  return results;
}
