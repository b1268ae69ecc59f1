// spec shell §5 "File upload", §8 (errorCode 500 → alert): the uploader with src/api/upload.ts's
// uploadFiles replaced, so each test decides when files start, progress, finish or fail.
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UploadFilesOptions, UploadResult } from '../../src/api/upload';
import { showAlert, showMessage } from '../../src/components/feedback/feedback';
import { Uploader } from '../../src/components/uploader';

vi.mock('../../src/api/upload', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/api/upload')>()),
  uploadFiles: vi.fn(),
}));
vi.mock('../../src/components/feedback/feedback', () => ({ showAlert: vi.fn(), showMessage: vi.fn() }));

const upload = await import('../../src/api/upload');
const { UploadError, limitMessage } = upload;
const uploadFiles = vi.mocked(upload.uploadFiles);

/** The last call's files and callbacks, to drive by hand. */
let call: { files: readonly File[]; existing: number; opts: UploadFilesOptions } | undefined;

beforeEach(() => {
  call = undefined;
  uploadFiles.mockImplementation(async (files, existing, opts = {}) => {
    call = { files, existing, opts };
    return [];
  });
});
afterEach(() => vi.clearAllMocks());

const result = (fileUrl: string): UploadResult => ({ uploadUrl: '/put', contentType: 'image/png', fileUrl, maxBytes: 10, expireTime: '', fileName: 'x', size: 1 });
const png = (name: string) => new File(['x'], name, { type: 'image/png' });
const input = (container: HTMLElement) => container.querySelector('input[type="file"]') as HTMLInputElement;
const user = () => userEvent.setup({ applyAccept: false });

function Controlled(props: { initial?: string[]; onChange?: (urls: string[]) => void; limit?: number; mode?: 'list' | 'avatar' }) {
  const [urls, setUrls] = useState(props.initial ?? []);
  return (
    <Uploader kind="image" value={urls} limit={props.limit} mode={props.mode}
      onChange={(next) => { setUrls(next); props.onChange?.(next); }} />
  );
}

describe('Uploader (list mode)', () => {
  it('offers only the kind\'s file types and lists the existing files', () => {
    const { container } = render(<Uploader kind="pdf" value={['/uploads/u/1/2026-01/a.pdf']} />);
    expect(input(container)).toHaveAttribute('accept', '.pdf');
    expect(screen.getByText('a.pdf')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /上传/ })).toBeInTheDocument();
  });

  it('uploads a chosen batch once, shows progress, and reports every URL when one finishes', async () => {
    const onChange = vi.fn();
    const { container } = render(<Controlled initial={['/uploads/old.png']} onChange={onChange} limit={5} />);
    await user().upload(input(container), [png('a.png'), png('b.png')]);
    expect(uploadFiles).toHaveBeenCalledOnce();
    expect(call!.files.map((f) => f.name)).toEqual(['a.png', 'b.png']);
    expect(call!.existing).toBe(1);
    expect(call!.opts).toMatchObject({ applyCode: 'image', limit: 5 });

    act(() => {
      call!.opts.onProgress!(40, call!.files[0]!);
    });
    // antd shows each item's bar 300 ms after that item starts, so on a busy machine the second bar
    // can appear a tick after the first: wait for both rather than for the first.
    await waitFor(() => expect(screen.getAllByRole('progressbar').map((bar) => bar.getAttribute('aria-valuenow'))).toEqual(['40', '0']));
    expect(onChange).not.toHaveBeenCalled();

    act(() => call!.opts.onSuccess!(result('/uploads/new-a.png'), call!.files[0]!));
    expect(onChange).toHaveBeenLastCalledWith(['/uploads/old.png', '/uploads/new-a.png']);
    expect(container.querySelector('a.ant-upload-list-item-name[href="/uploads/new-a.png"]')).toHaveTextContent('a.png');
  });

  it('shows the limit message and starts nothing when the batch is over the limit', async () => {
    const { container } = render(<Controlled initial={['/uploads/old.png']} limit={2} />);
    await user().upload(input(container), [png('a.png'), png('b.png')]);
    expect(showMessage).toHaveBeenCalledWith('warning', '超出上传个数，最多上传2张图片');
    expect(uploadFiles).not.toHaveBeenCalled();
    expect(screen.queryByText('a.png')).not.toBeInTheDocument();
  });

  it('counts a batch still waiting for its turn against the next one', async () => {
    const { container } = render(<Controlled limit={3} />);
    await user().upload(input(container), [png('a.png'), png('b.png')]);
    expect(screen.getByText('a.png')).toBeInTheDocument();
    expect(screen.getByText('b.png')).toBeInTheDocument();
    await user().upload(input(container), [png('c.png'), png('d.png')]);
    expect(uploadFiles).toHaveBeenCalledOnce();
    expect(showMessage).toHaveBeenCalledWith('warning', '超出上传个数，最多上传3张图片');
  });

  it('shows a limit refusal from uploadFiles itself as a warning', async () => {
    uploadFiles.mockRejectedValueOnce(new UploadError(limitMessage(4), { code: 400, errorCode: 'LIMIT_EXCEEDED' }));
    const { container } = render(<Controlled limit={4} />);
    await user().upload(input(container), [png('a.png')]);
    await waitFor(() => expect(showMessage).toHaveBeenCalledWith('warning', '超出上传个数，最多上传4张图片'));
    await waitFor(() => expect(screen.queryByText('a.png')).not.toBeInTheDocument(), { timeout: 3000 });
  }, 10_000);

  it('refuses a file of another kind before asking the server', async () => {
    const { container } = render(<Uploader kind="image" />);
    await user().upload(input(container), [new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' })]);
    expect(uploadFiles).not.toHaveBeenCalled();
    expect(showMessage).toHaveBeenCalledWith('warning', 'logo.svg 的格式不能上传，可上传：jpg, jpeg, png, gif, webp');
  });

  it('shows an errorCode 500 answer in an alert with its message, other failures as a message', async () => {
    const { container } = render(<Controlled />);
    await user().upload(input(container), [png('a.png'), png('b.png')]);
    const [a, b] = call!.files;
    act(() => {
      call!.opts.onError!(new UploadError('The file could not be stored; please try again later.', { code: 500, errorCode: 'STORE_FAILED', alert: true }), a!);
      call!.opts.onError!(new UploadError('This upload link has expired.', { code: 403, errorCode: 'LINK_EXPIRED' }), b!);
    });
    expect(showAlert).toHaveBeenCalledOnce();
    expect(vi.mocked(showAlert).mock.calls[0]![1]).toMatchObject({ content: 'The file could not be stored; please try again later.' });
    expect(showMessage).toHaveBeenCalledWith('error', 'This upload link has expired.');
  });

  it('does not show again what the error catalogue already showed', async () => {
    const { container } = render(<Controlled />);
    await user().upload(input(container), [png('a.png')]);
    act(() => {
      call!.opts.onError!(new UploadError('"a.png" cannot be uploaded as image.', { code: 400, reported: true }), call!.files[0]!);
    });
    expect(showAlert).not.toHaveBeenCalled();
    expect(showMessage).not.toHaveBeenCalled();
  });

  it('removes a file and reports the rest', async () => {
    const onChange = vi.fn();
    render(<Controlled initial={['/uploads/a.png', '/uploads/b.png']} onChange={onChange} />);
    const removeButtons = screen.getAllByRole('button', { name: /remove|删除/i });
    await userEvent.click(removeButtons[0]!);
    expect(onChange).toHaveBeenCalledWith(['/uploads/b.png']);
    // antd lets a removed item fade out before it leaves the DOM.
    await waitFor(() => expect(screen.queryByText('a.png')).not.toBeInTheDocument(), { timeout: 3000 });
  }, 10_000);

  it('gives the image card picker a keyboard-reachable button', () => {
    render(<Uploader kind="image" />);
    expect(screen.getByRole('button', { name: /上传/ })).toHaveAttribute('tabindex', '0');
  });

  it('hides the picker once the list holds the limit', () => {
    render(<Uploader kind="image" limit={2} value={['/uploads/a.png', '/uploads/b.png']} />);
    expect(screen.queryByText('上传')).not.toBeInTheDocument();
  });
});

describe('Uploader (avatar mode)', () => {
  it('shows the current image round and replaces it with a new upload', async () => {
    const onChange = vi.fn();
    const { container } = render(<Controlled mode="avatar" initial={['/uploads/face.png']} onChange={onChange} />);
    expect(container.querySelector('.uploader-avatar-face img')).toHaveAttribute('src', '/uploads/face.png');
    expect(input(container)).not.toHaveAttribute('multiple');
    await user().upload(input(container), [png('me.png')]);
    expect(call!.existing).toBe(0);
    expect(call!.opts.limit).toBe(1);
    act(() => {
      call!.opts.onSuccess!(result('/uploads/me.png'), call!.files[0]!);
    });
    expect(onChange).toHaveBeenCalledWith(['/uploads/me.png']);
    expect(container.querySelector('.uploader-avatar-face img')).toHaveAttribute('src', '/uploads/me.png');
  });

  it('names its picker when there is no image yet', () => {
    render(<Uploader kind="image" mode="avatar" />);
    expect(screen.getByRole('button', { name: '上传头像' })).toBeInTheDocument();
  });

  it('keeps the old image when the new upload fails', async () => {
    const onChange = vi.fn();
    const { container } = render(<Controlled mode="avatar" initial={['/uploads/face.png']} onChange={onChange} />);
    await user().upload(input(container), [png('me.png')]);
    act(() => {
      call!.opts.onError!(new UploadError('Disk full.', { code: 500, alert: true }), call!.files[0]!);
    });
    expect(onChange).not.toHaveBeenCalled();
    expect(showAlert).toHaveBeenCalledOnce();
    expect(container.querySelector('.uploader-avatar-face img')).toHaveAttribute('src', '/uploads/face.png');
  });
});
