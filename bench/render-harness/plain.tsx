// Contestant "plain": the anchor page as hand-written React (./plain-blocks.tsx), the peers'
// reference. Timed by the rule of ./anchor-measure.ts from root.render().
import { createRoot } from 'react-dom/client';
import { makePage, readN } from './anchor-source';
import { measureAnchor, nextFrame, report } from './anchor-measure';
import { Block } from './plain-blocks';
import './anchor.css';

function PlainPage({ blocks }: { blocks: ReturnType<typeof makePage>['blocks'] }) {
  return <main>{blocks.map((block) => <Block key={block.id} block={block} />)}</main>;
}

async function run() {
  const page = makePage(readN());
  const el = document.getElementById('root')!;
  await nextFrame();
  const t0 = performance.now();
  const timing = measureAnchor(el, page.blocks, t0);
  createRoot(el).render(<PlainPage blocks={page.blocks} />);
  return { contestant: 'plain', ...(await timing) };
}

report(run());
