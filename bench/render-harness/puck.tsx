// Contestant "Puck": the anchor page as Puck data rendered by @puckeditor/core's <Render> with a
// config of the five kinds written as plainly as the hand-written React (the same components,
// ./plain-blocks.tsx); columns hold their title and paragraph in two slot fields, as Puck does.
// <Render> needs none of Puck's CSS (that styles the editor). Timed by ./anchor-measure.ts.
import { createRoot } from 'react-dom/client';
import { Render, type Config, type Slot } from '@puckeditor/core';
import { makePage, readN } from './anchor-source';
import { toPuckData, type AnchorLink } from './anchor-convert';
import { measureAnchor, nextFrame, report } from './anchor-measure';
import { Card, Columns, Image, Paragraph, Title } from './plain-blocks';
import './anchor.css';

type Components = {
  Title: { text: string };
  Paragraph: { text: string };
  Image: { src: string; alt: string };
  Card: { title: string; items: AnchorLink[] };
  Columns: { left: Slot; right: Slot };
};

const config: Config<Components> = {
  components: {
    Title: { fields: { text: { type: 'text' } }, render: ({ id, text }) => <Title id={id} text={text} /> },
    Paragraph: { fields: { text: { type: 'textarea' } }, render: ({ id, text }) => <Paragraph id={id} text={text} /> },
    Image: { fields: { src: { type: 'text' }, alt: { type: 'text' } }, render: ({ id, src, alt }) => <Image id={id} src={src} alt={alt} /> },
    Card: {
      fields: { title: { type: 'text' }, items: { type: 'array', arrayFields: { text: { type: 'text' }, href: { type: 'text' }, label: { type: 'text' } } } },
      render: ({ id, title, items }) => <Card id={id} title={title} items={items} />,
    },
    Columns: {
      fields: { left: { type: 'slot' }, right: { type: 'slot' } },
      render: ({ id, left: Left, right: Right }) => <Columns id={id} left={<Left />} right={<Right />} />,
    },
  },
};

async function run() {
  const page = makePage(readN());
  // Puck's stored format, made before t0 as a saved page would be.
  const data = toPuckData(page);
  const el = document.getElementById('root')!;
  await nextFrame();
  const t0 = performance.now();
  const timing = measureAnchor(el, page.blocks, t0);
  createRoot(el).render(<Render config={config} data={data as Parameters<typeof Render<typeof config>>[0]['data']} />);
  return { contestant: 'puck', ...(await timing) };
}

report(run());
