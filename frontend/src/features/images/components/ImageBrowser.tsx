import CollectionsOutlinedIcon from '@mui/icons-material/CollectionsOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import ImageSearchOutlinedIcon from '@mui/icons-material/ImageSearchOutlined';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusMessage } from '@/components/StatusMessage';
import { useErrorMessage } from '@/i18n/useErrorMessage';
import type { ImageBrowserState } from '../hooks/useImageBrowser';
import type { Image, ImageCollection } from '../types';
import { ImageFilters } from './ImageFilters';
import { ImageMasonry } from './ImageMasonry';

interface ImageBrowserProps {
  browser: ImageBrowserState;
  /** Renders one picture (the gallery's card with its menu, or the picker's selectable card). */
  renderImage: (image: Image, tagNames: string[]) => ReactNode;
  /** Shown in the My Images tab when it is empty (the gallery adds an upload button). */
  emptyActions?: ReactNode;
}

/** My Images and Public Images tabs, the search filters, and the masonry with its states. */
export function ImageBrowser({ browser, renderImage, emptyActions }: ImageBrowserProps) {
  const { t } = useTranslation('images');
  const { t: tCommon } = useTranslation();
  const describeError = useErrorMessage();
  const { images, collection } = browser;
  const tagNames = (image: Image) =>
    image.tagIds.flatMap((tagId) => {
      const tag = browser.tagsById.get(tagId);
      return tag ? [tag.name] : [];
    });

  let body: ReactNode;
  if (images.isPending) {
    body = (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
        <CircularProgress aria-label={tCommon('loading')} />
      </Box>
    );
  } else if (images.isError) {
    body = <StatusMessage icon={<ErrorOutlineIcon />} title={t('loadFailed')} body={describeError(images.error)} />;
  } else if (images.data.length === 0 && browser.filtered) {
    body = <StatusMessage icon={<ImageSearchOutlinedIcon />} title={t('noMatches')} />;
  } else if (images.data.length === 0) {
    body =
      collection === 'mine' ? (
        <StatusMessage icon={<CollectionsOutlinedIcon />} title={t('empty')} actions={emptyActions} />
      ) : (
        <StatusMessage icon={<CollectionsOutlinedIcon />} title={t('emptyPublic')} />
      );
  } else {
    body = <ImageMasonry images={images.data} label={t('gridLabel')} renderImage={(image) => renderImage(image, tagNames(image))} />;
  }

  return (
    <>
      <Tabs
        value={collection}
        onChange={(_event, value: ImageCollection) => browser.setCollection(value)}
        aria-label={t('tabs.label')}
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="mine" label={t('tabs.mine')} />
        <Tab value="public" label={t('tabs.public')} />
      </Tabs>
      <ImageFilters browser={browser} />
      <Box role="tabpanel" aria-label={collection === 'mine' ? t('tabs.mine') : t('tabs.public')}>
        {body}
      </Box>
    </>
  );
}
