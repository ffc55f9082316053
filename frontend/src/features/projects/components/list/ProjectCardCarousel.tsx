import { useTranslation } from 'react-i18next';
import { ThumbnailCarousel } from '@/components/media/ThumbnailCarousel';
import { useProjectPreviews } from '../../api/previews';
import type { ProjectSummary } from '../../types';
import { PreviewBadge } from '../common/PreviewBadge';

/**
 * A grid card's slides (spec §2: thumbnail, previous/next arrows, 'n / total'): the project's
 * own slides as the export draws them, one per slide with a template slide, in deck order.
 */
export function ProjectCardCarousel({ project }: { project: ProjectSummary }) {
  const { t } = useTranslation('projects');
  const previews = useProjectPreviews(project._id);
  const drawable = previews.data
    ? previews.data.slides.filter((slide) => slide.status !== 'none')
    : // Until the previews arrive, a placeholder per assigned slide (never the template's sample).
      project.slideNumbers.filter((number) => number !== null).map(() => undefined);
  return (
    <ThumbnailCarousel
      urls={drawable.map((slide) => slide?.url ?? '')}
      overlays={drawable.map((slide, index) => <PreviewBadge key={slide?.slideId ?? index} preview={slide} compact />)}
      label={project.title}
      emptyCaption={project.pptxFileId ? t('grid.noAssignedSlides') : t('grid.noTemplate')}
    />
  );
}
