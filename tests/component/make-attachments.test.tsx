// The request form's attachments (issue 20 part S): inside an antd Form the file input showed as a
// native "Choose Files" control (antd's form reset gives input[type=file] display: block, which beats
// the `hidden` attribute); it stays hidden behind the 上传文件 button.
import { render, screen } from '@testing-library/react';
import { Form } from 'antd';
import { describe, expect, it } from 'vitest';
import '../../src/components/antd-theme';
import { FileAttachments } from '../../src/components/file-attachments';

describe('FileAttachments inside an antd Form', () => {
  it('keeps the native file input hidden', () => {
    render(<Form><Form.Item label="附件"><FileAttachments value={[]} onChange={() => undefined} max={9} testId="files" /></Form.Item></Form>);
    expect(getComputedStyle(screen.getByTestId('files-input')).display).toBe('none');
  });
});
