import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import LabelOutlinedIcon from '@mui/icons-material/LabelOutlined';
import LibraryBooksOutlinedIcon from '@mui/icons-material/LibraryBooksOutlined';
import SlideshowOutlinedIcon from '@mui/icons-material/SlideshowOutlined';
import type { ReactElement } from 'react';

export interface NavItem {
  labelKey: 'nav.projects' | 'nav.pptxTemplates' | 'nav.materials' | 'nav.pictures' | 'nav.tags';
  path: string;
  icon: ReactElement;
}

/** The five drawer entries of spec §2, in order. */
export const NAV_ITEMS: NavItem[] = [
  { labelKey: 'nav.projects', path: '/projects', icon: <FolderOutlinedIcon /> },
  { labelKey: 'nav.pptxTemplates', path: '/pptx-files', icon: <SlideshowOutlinedIcon /> },
  { labelKey: 'nav.materials', path: '/materials', icon: <LibraryBooksOutlinedIcon /> },
  { labelKey: 'nav.pictures', path: '/pictures', icon: <ImageOutlinedIcon /> },
  { labelKey: 'nav.tags', path: '/tags', icon: <LabelOutlinedIcon /> },
];

/** The entry to highlight: the one whose path is the URL or a prefix of it (at a `/`). */
export function activeNavPath(pathname: string): string | null {
  const match = NAV_ITEMS.find((item) => pathname === item.path || pathname.startsWith(`${item.path}/`));
  return match?.path ?? null;
}
