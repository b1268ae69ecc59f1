// Issue 15 point 2: the back-office's page runs only in a document of its own, whose policy allows
// the eval its @rjsf forms need; reached by a client-side navigation from a portal page (whose
// document forbids eval), it reloads its address instead of rendering forms that cannot validate.
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withOwnDocument } from '../../src/components/own-document';

const Admin = () => <p>back office</p>;
const documentAt = (url: string | undefined) => vi.spyOn(performance, 'getEntriesByType').mockReturnValue(url === undefined ? [] : [{ name: url } as PerformanceEntry]);

afterEach(() => vi.restoreAllMocks());

describe('withOwnDocument', () => {
  it('reloads instead of rendering when the document was loaded as a portal page', () => {
    documentAt('http://demo.localhost/study/home');
    const reload = vi.fn();
    const Page = withOwnDocument('/study/sub_admin/', Admin, reload);
    render(<Page />);
    expect(screen.queryByText('back office')).toBeNull();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('renders the page in its own document', () => {
    documentAt('http://demo.localhost/study/sub_admin/myAdmin?tab=footer');
    const reload = vi.fn();
    const Page = withOwnDocument('/study/sub_admin/', Admin, reload);
    render(<Page />);
    expect(screen.getByText('back office')).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });

  it('renders the page when the browser does not say where the document was loaded', () => {
    documentAt(undefined);
    const reload = vi.fn();
    const Page = withOwnDocument('/study/sub_admin/', Admin, reload);
    render(<Page />);
    expect(screen.getByText('back office')).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });
});
