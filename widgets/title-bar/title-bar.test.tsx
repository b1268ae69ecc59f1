import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderPage, renderWidget } from '../../tests/component/widget-harness';
import { widget } from './index';
import TitleBar from './title-bar';

describe('title-bar', () => {
  it('renders its default title through PageRenderer, without a "more" link', async () => {
    renderPage([widget], [{ id: 't', type: 'title-bar', version: 1, props: {} }]);
    expect(await screen.findByRole('heading', { name: '标题' })).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
    // Nothing beside the heading: the block is the bare <h2>, styled by title-bar.css.
    const heading = screen.getByRole('heading', { name: '标题' });
    expect(heading.parentElement).toHaveClass('rt-block');
    expect(heading.getAttribute('style')).toBeNull();
  });

  it('shows the subtitle and a "more" link that follows the jump rules', () => {
    renderWidget(TitleBar, { props: { title: '热门课程', subtitle: '大家都在学', align: 'left', more: { linkType: 'category', purpose: 1, id: 5 } } });
    expect(screen.getByText('大家都在学')).toBeInTheDocument();
    const more = screen.getByRole('link', { name: '更多 ›' });
    fireEvent.click(more);
    expect(screen.getByTestId('where')).toHaveTextContent('/course?categoryId=5');
  });

  it('uses the custom "more" text and English by locale', () => {
    const { unmount } = renderWidget(TitleBar, { props: { title: 'A', align: 'center', moreText: '全部', more: { linkType: 'route', linkUrl: 'course' } } });
    expect(screen.getByRole('link', { name: '全部 ›' })).toHaveAttribute('href', '/course');
    unmount();
    renderWidget(TitleBar, { props: { title: 'A', align: 'left', more: { linkType: 'route', linkUrl: 'course' } }, ctx: { tenantId: 1002, viewer: { audience: 'guest' }, locale: 'en' } });
    expect(screen.getByRole('link', { name: 'More ›' })).toBeInTheDocument();
  });
});
