// /mjpic (spec learning §2 "Drawing"; issue 21 part E): my gallery, newest first (open large,
// download, show in the showcase, delete), and the tenant's showcase of pictures learners chose to
// show. A guest sees the showcase and is asked to sign in for the gallery.
import { Alert, Button, Empty, Pagination, Skeleton, Tabs } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { loginPath } from '../../../lib/login-path';
import { selectSignedIn, useUserStore } from '../../../stores/user-store';
import { useImages } from '../api/pic';
import { GalleryGrid } from '../components/gallery-grid';
import { PicHead } from '../components/pic-head';
import { usePicTexts } from '../components/pic-texts';

const PAGE_SIZE = 12;

function ImageList({ which }: { which: 'mine' | 'showcase' }) {
  const t = usePicTexts();
  const [pageNo, setPageNo] = useState(1);
  const list = useImages(which, pageNo, PAGE_SIZE);
  if (list.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (list.isError) {
    return <Alert type="error" showIcon title={t('loadFailed', { message: list.error.message })} action={<Button size="small" onClick={() => void list.refetch()}>{t('retry')}</Button>} />;
  }
  const page = list.data;
  if (page.total === 0) {
    return (
      <Empty
        description={<><strong>{which === 'mine' ? t('emptyMine') : t('emptyShowcase')}</strong><br />{which === 'mine' ? t('emptyMineHint') : t('emptyShowcaseHint')}</>}
      >
        {which === 'mine' && <Link to="/robot/pic"><Button type="primary">{t('goDraw')}</Button></Link>}
      </Empty>
    );
  }
  return (
    <>
      <GalleryGrid images={page.list} showAuthor={which === 'showcase'} />
      {page.total > PAGE_SIZE && (
        <Pagination style={{ marginTop: 16, textAlign: 'center' }} current={pageNo} pageSize={PAGE_SIZE} total={page.total} onChange={setPageNo} showSizeChanger={false} />
      )}
    </>
  );
}

export default function MjpicPage() {
  const t = usePicTexts();
  const signedIn = useUserStore(selectSignedIn);
  const [search, setSearch] = useSearchParams();
  // A learner starts on their gallery, a guest on the showcase; ?tab= keeps the choice.
  const asked = search.get('tab');
  const tab = asked === 'mine' || asked === 'showcase' ? asked : signedIn ? 'mine' : 'showcase';
  return (
    <div className="pic-page" data-testid="mjpic-page">
      <PicHead title={t('galleryTitle')} />
      <section className="pic-panel">
        <Tabs
          activeKey={tab}
          onChange={(key) => setSearch({ tab: key }, { replace: true })}
          items={[
            {
              key: 'mine', label: t('mine'),
              children: signedIn ? <ImageList which="mine" /> : (
                <Alert type="info" showIcon title={t('signInToSee')} action={<Link to={loginPath('/mjpic')}><Button size="small" type="primary">{t('signIn')}</Button></Link>} />
              ),
            },
            { key: 'showcase', label: t('showcase'), children: <><p className="pic-credits">{t('showcaseHint')}</p><ImageList which="showcase" /></> },
          ]}
        />
      </section>
    </div>
  );
}
