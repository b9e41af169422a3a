// Spec §8: an upload whose file cannot be read fails as 'file error' before any request.
import { describe, expect, it, vi } from 'vitest';
import { RuntimeCode } from '@parley/protocol';

vi.mock('../ui/toast', () => ({ showToast: vi.fn() }));
vi.mock('../i18n', () => ({ errorText: (_key: string, fallback: string) => fallback }));

describe('assertReadable', () => {
  it("rejects an unreadable file with 'file error'", async () => {
    const { assertReadable } = await import('./call');
    const broken = {
      slice: () => ({ arrayBuffer: () => Promise.reject(new Error('NotReadableError')) }),
    } as unknown as Blob;
    await expect(assertReadable(broken)).rejects.toMatchObject({
      code: RuntimeCode.UPLOAD_DOWNLOAD_FAILURE,
      message: 'file error',
      key: 'fileReadError',
    });
    await expect(assertReadable(new Blob(['ok']))).resolves.toBeUndefined();
  });
});
