// The anchor page's five kinds as hand-written React, no library: the peers' reference ("plain"),
// and the components Puck's config renders (bench/render-harness/puck.tsx). Styles are the classes
// of anchor.css, loaded by both pages.
import type { ReactNode } from 'react';
import type { AnchorBlock, AnchorLink } from './anchor-convert';

export function Title({ id, text }: { id: string; text: string }) {
  return <h2 className="a-title" data-block-id={id}>{text}</h2>;
}

export function Paragraph({ id, text }: { id: string; text: string }) {
  return <p className="a-text" data-block-id={id}>{text}</p>;
}

export function Image({ id, src, alt }: { id: string; src: string; alt: string }) {
  return <img className="a-image" data-block-id={id} src={src} alt={alt} width={48} height={48} />;
}

export function Card({ id, title, items }: { id: string; title: string; items: readonly AnchorLink[] }) {
  return (
    <div className="a-card" data-block-id={id}>
      <h3>{title}</h3>
      <ul>{items.map((item, k) => <li key={k}><a href={item.href} title={item.label}>{item.text}</a></li>)}</ul>
    </div>
  );
}

export function Columns({ id, left, right }: { id: string; left: ReactNode; right: ReactNode }) {
  return (
    <div className="a-columns" data-block-id={id}>
      <div>{left}</div>
      <div>{right}</div>
    </div>
  );
}

/** One anchor block, by kind. */
export function Block({ block }: { block: AnchorBlock }): ReactNode {
  switch (block.type) {
    case 'title': return <Title id={block.id} text={block.text} />;
    case 'paragraph': return <Paragraph id={block.id} text={block.text} />;
    case 'image': return <Image id={block.id} src={block.src} alt={block.alt} />;
    case 'card': return <Card id={block.id} title={block.title} items={block.items} />;
    case 'columns': {
      const [left, right] = block.children;
      return <Columns id={block.id} left={left && <Block block={left} />} right={right && <Block block={right} />} />;
    }
  }
}
