// spec shell §2 "Footer": style 0 (statement + QR) versus style 1 (columns and contacts).
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { FooterSettings, SiteOptions } from '../../schemas/tenant-settings';
import { FooterView } from '../../src/app/layout/footer';
// The feedback holder (antd's message and ConfigProvider) loads on demand; loading it up front keeps
// that lazy import as quick under the test runner as when <Providers> imported antd.
import { MESSAGE_TOP } from '../../src/components/feedback/feedback-holder';
import { Providers } from '../../src/app/providers';

function renderFooter(footer: FooterSettings, siteOptions: SiteOptions = {}, colorStyle: 'light' | 'dark' = 'light') {
  render(
    <Providers>
      <MemoryRouter>
        <FooterView footer={footer} siteOptions={siteOptions} colorStyle={colorStyle} />
      </MemoryRouter>
    </Providers>,
  );
  return screen.getByTestId('footer');
}

describe('footer style 0', () => {
  it('shows the statement and the QR image with its caption, in the tenant colours', () => {
    const footer = renderFooter({ footStyle: 0, statement: '© 2026 演示学堂', qrCodeImg: '/uploads/qr.svg', qrCodeImgTip: '扫码关注', backgroundColor: '#1f2d3d', fontColor: '#c0c4cc' });
    expect(footer).toHaveAttribute('data-foot-style', '0');
    expect(footer).toHaveStyle({ backgroundColor: 'rgb(31, 45, 61)', color: 'rgb(192, 196, 204)' });
    expect(within(footer).getByText('© 2026 演示学堂')).toBeInTheDocument();
    const qr = within(footer).getByRole('img', { name: '扫码关注' });
    expect(qr).toHaveAttribute('src', '/uploads/qr.svg');
    expect(within(footer).getByText('扫码关注')).toBeInTheDocument();
  });

  it('hides the QR when showQrCode is off and shows the custom image when showCustom is on', () => {
    const footer = renderFooter({
      footStyle: 0,
      qrCodeImg: '/uploads/qr.svg',
      qrCodeStyle: { showQrCode: false, showCustom: true, customImg: '/uploads/custom.png', customImgTip: '客服微信' },
    });
    const images = within(footer).getAllByRole('img');
    expect(images.map((img) => img.getAttribute('src'))).toEqual(['/uploads/custom.png']);
    expect(within(footer).getByText('客服微信')).toBeInTheDocument();
  });

  it('falls back to the site option QR image', () => {
    const footer = renderFooter({ footStyle: 0 }, { footer: { qrCodeImg: '/uploads/site-qr.svg', qrCodeImgTip: '公众号' } });
    expect(within(footer).getByRole('img', { name: '公众号' })).toHaveAttribute('src', '/uploads/site-qr.svg');
  });
});

describe('footer style 1', () => {
  it('shows link columns, copyright, organisation, record number link, external link and phone', () => {
    const footer = renderFooter({
      footStyle: 1,
      statement: 'not shown in style 1',
      columns: [
        { title: 'Learn', links: [{ title: 'Courses', link: { linkType: 'route', linkUrl: 'course' } }] },
        { title: 'Company', links: [{ title: 'About ACME', link: { linkType: 'url', linkUrl: 'https://acme.example.com/about' } }] },
      ],
      copyright: '© 2026 ACME',
      orgName: 'ACME Corp',
      recordNumber: 'ICP 12345',
      recordLink: 'https://beian.example.com',
      externalLink: 'partner.example.com',
      externalLinkText: 'Partner',
      telephoneNumber: '010-1533-1533',
    });
    expect(footer).toHaveAttribute('data-foot-style', '1');
    expect(within(footer).getByRole('heading', { name: 'Learn' })).toBeInTheDocument();
    expect(within(footer).getByRole('heading', { name: 'Company' })).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'Courses' })).toHaveAttribute('href', '/course');
    expect(within(footer).getByRole('link', { name: 'About ACME' })).toHaveAttribute('href', 'https://acme.example.com/about');
    expect(within(footer).getByText('© 2026 ACME')).toBeInTheDocument();
    expect(within(footer).getByText('ACME Corp')).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'ICP 12345' })).toHaveAttribute('href', 'https://beian.example.com');
    expect(within(footer).getByRole('link', { name: 'Partner' })).toHaveAttribute('href', expect.stringMatching(/^https?:\/\/partner\.example\.com/));
    expect(within(footer).getByRole('link', { name: '010-1533-1533' })).toHaveAttribute('href', 'tel:01015331533');
    expect(within(footer).queryByText('not shown in style 1')).toBeNull();
  });
});

describe('footer links', () => {
  it('shows the off-shelf warning through the on-demand antd message, without navigating (spec shell §4)', async () => {
    const footer = renderFooter({
      footStyle: 1,
      columns: [{ title: 'Schools', links: [{ title: 'Closed school', link: { linkType: 'provider', providerId: 4, state: -1 } }] }],
    });
    fireEvent.click(within(footer).getByText('Closed school'));
    // antd's message is not in the first paint: it loads now and shows the warning inside the app's ConfigProvider.
    expect(await screen.findByText('该商家已下架')).toBeInTheDocument();
  });

  it('shows messages below the navbar, where a toast cannot take the clicks meant for a menu', async () => {
    const footer = renderFooter({
      footStyle: 1,
      columns: [{ title: 'Schools', links: [{ title: 'Closed school', link: { linkType: 'provider', providerId: 4, state: -1 } }] }],
    });
    fireEvent.click(within(footer).getByText('Closed school'));
    const notice = await screen.findByText('该商家已下架');
    expect((notice.closest('.ant-message') as HTMLElement).style.getPropertyValue('--notification-top')).toBe(`${MESSAGE_TOP}px`);
    expect(MESSAGE_TOP).toBeGreaterThan(64);
  });
});

// Issue 13 point 7: the footer kept the tenant's light-style colours in the dark style.
describe('footer in the dark style', () => {
  it("gives a light tenant background and its dark text way to the theme's surface and text", () => {
    const footer = renderFooter({ footStyle: 0, statement: '© 2026', backgroundColor: '#f5f5f5', fontColor: '#333333' }, {}, 'dark');
    expect(footer.style.background).toBe('var(--portal-surface)');
    expect(footer.style.color).toBe('');
  });

  it('keeps a dark tenant footer and its light text (already readable there)', () => {
    const footer = renderFooter({ footStyle: 1, copyright: '© 2026 ACME', backgroundColor: '#2d1b69', fontColor: '#e6e0ff' }, {}, 'dark');
    expect(footer).toHaveStyle({ backgroundColor: 'rgb(45, 27, 105)', color: 'rgb(230, 224, 255)' });
  });
});
