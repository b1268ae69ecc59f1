// The reference of bench/home.ts: a hand-written React page with the same blocks as demo's home
// (a banner, a grid of links, card grids, rows of notices and tasks, rich text), each block
// written out by hand with plain elements and a stylesheet, no runtime, no registry, no antd. Like
// the portal it asks one call for its content (data.json, written by the bench from demo's
// template: the same number of blocks and items), shows a skeleton meanwhile, and then paints.
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import './plain.css';

/** One block of the page, as the bench describes it (bench/home.ts PlainBlock). */
interface Block {
  id: string;
  kind: 'banner' | 'links' | 'cards' | 'rows' | 'text' | 'image' | 'heading' | 'spacer' | 'columns';
  title: string;
  items: Array<{ title: string; image: string; meta: string }>;
  children?: Block[];
}

function BlockView({ block }: { block: Block }) {
  switch (block.kind) {
    case 'banner':
      return <div className="banner"><img src={block.items[0]?.image} alt={block.items[0]?.title ?? ''} /></div>;
    case 'image':
      return <div className="image"><img src={block.items[0]?.image} alt={block.title} /></div>;
    case 'heading':
      return <h2 className="heading">{block.title}</h2>;
    case 'spacer':
      return <hr className="spacer" />;
    case 'text':
      return <div className="text"><p>{block.title}</p></div>;
    case 'links':
      return (
        <nav className="links">
          {block.items.map((item, i) => <a key={i} href="#"><img src={item.image} alt="" /><span>{item.title}</span></a>)}
        </nav>
      );
    case 'rows':
      return (
        <section className="rows">
          <h3>{block.title}</h3>
          <ul>{block.items.map((item, i) => <li key={i}><span>{item.title}</span><time>{item.meta}</time></li>)}</ul>
        </section>
      );
    case 'columns':
      return <div className="columns">{block.children?.map((child) => <div key={child.id} className="column"><BlockView block={child} /></div>)}</div>;
    default:
      return (
        <section className="cards">
          <h3>{block.title}</h3>
          <div className="grid">
            {block.items.map((item, i) => (
              <a key={i} className="card" href="#">
                <img src={item.image} alt="" />
                <strong>{item.title}</strong>
                <span>{item.meta}</span>
              </a>
            ))}
          </div>
        </section>
      );
  }
}

function Page() {
  const [blocks, setBlocks] = useState<Block[] | null>(null);
  useEffect(() => {
    void fetch('./data.json').then((res) => res.json() as Promise<Block[]>).then(setBlocks);
  }, []);
  if (!blocks) return <div className="rt-page" aria-busy="true" />;
  return (
    <div className="rt-page">
      {blocks.map((block) => <div key={block.id} data-block-id={block.id}><BlockView block={block} /></div>)}
    </div>
  );
}

createRoot(document.getElementById('root')!).render(<Page />);
