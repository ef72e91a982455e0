import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockFetch } from '../../../test/fetchMock';
import { FakeXhr, fakeFile } from '../test/helpers';
import { MAX_IMAGE_BYTES, checkImageFile, uploadImage } from './upload';

beforeEach(() => {
  FakeXhr.install();
  localStorage.setItem('authToken', 'old-token');
  localStorage.setItem('refreshToken', 'refresh-1');
});

describe('checkImageFile', () => {
  it('accepts the four image types up to 5MB and refuses the rest', () => {
    for (const [name, type] of [
      ['a.jpg', 'image/jpeg'],
      ['a.png', 'image/png'],
      ['a.gif', 'image/gif'],
      ['a.webp', 'image/webp'],
      ['a.JPEG', ''],
    ]) {
      expect(checkImageFile(fakeFile(name, type, MAX_IMAGE_BYTES)), name).toBeNull();
    }
    expect(checkImageFile(fakeFile('a.svg', 'image/svg+xml'))).toBe('type');
    expect(checkImageFile(fakeFile('a.pdf', ''))).toBe('type');
    expect(checkImageFile(fakeFile('a.png', 'image/png', MAX_IMAGE_BYTES + 1))).toBe('size');
  });
});

describe('uploadImage', () => {
  it('reports progress and returns the server file name', async () => {
    const progress: number[] = [];
    const done = uploadImage(fakeFile('a.png', 'image/png'), (p) => progress.push(p));
    const xhr = FakeXhr.all[0];
    expect(xhr.file.name).toBe('a.png');
    xhr.progress(25, 100);
    xhr.respond(201, { fileName: 'product_abc.png', url: '/images/products/product_abc.png' });
    await expect(done).resolves.toBe('product_abc.png');
    expect(progress).toEqual([25, 100]);
  });

  it('refreshes the session once on a 401 and sends the file again with the new token', async () => {
    const { callsTo } = mockFetch({
      'GET /api/auth/profile': [{ status: 401, body: { status: 401, code: 'unauthorized', message: 'x' } }, { body: { id: 'u1' } }],
      'POST /api/auth/refresh': { body: { token: 'new-token', refreshToken: 'refresh-2' } },
    });
    const done = uploadImage(fakeFile('a.png', 'image/png'), () => undefined);
    FakeXhr.all[0].respond(401, { status: 401, code: 'unauthorized', message: 'Token expired' });
    await waitFor(() => expect(FakeXhr.all).toHaveLength(2));
    expect(callsTo('POST', '/api/auth/refresh')).toHaveLength(1);
    expect(FakeXhr.all[1].headers.Authorization).toBe('Bearer new-token');
    FakeXhr.all[1].respond(201, { fileName: 'b.png' });
    await expect(done).resolves.toBe('b.png');
  });

  it('throws the server message of a refused file', async () => {
    const done = uploadImage(fakeFile('a.png', 'image/png'), () => undefined);
    FakeXhr.all[0].respond(413, { status: 413, code: 'too_large', message: 'File size must be less than 5MB' });
    await expect(done).rejects.toMatchObject({ status: 413, message: 'File size must be less than 5MB' });
  });
});
