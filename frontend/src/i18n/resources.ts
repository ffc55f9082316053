import enAuth from './locales/en/auth.json';
import enCommon from './locales/en/common.json';
import enDocs from './locales/en/docs.json';
import enEditor from './locales/en/editor.json';
import enErrors from './locales/en/errors.json';
import enExport from './locales/en/export.json';
import enFiles from './locales/en/files.json';
import enImages from './locales/en/images.json';
import enLanding from './locales/en/landing.json';
import enLicense from './locales/en/license.json';
import enMedia from './locales/en/media.json';
import enMaterials from './locales/en/materials.json';
import enPages from './locales/en/pages.json';
import enProfile from './locales/en/profile.json';
import enProjects from './locales/en/projects.json';
import enShell from './locales/en/shell.json';
import enTags from './locales/en/tags.json';
import enTemplates from './locales/en/templates.json';
import zhAuth from './locales/zh-CN/auth.json';
import zhCommon from './locales/zh-CN/common.json';
import zhDocs from './locales/zh-CN/docs.json';
import zhEditor from './locales/zh-CN/editor.json';
import zhErrors from './locales/zh-CN/errors.json';
import zhExport from './locales/zh-CN/export.json';
import zhFiles from './locales/zh-CN/files.json';
import zhImages from './locales/zh-CN/images.json';
import zhLanding from './locales/zh-CN/landing.json';
import zhLicense from './locales/zh-CN/license.json';
import zhMedia from './locales/zh-CN/media.json';
import zhMaterials from './locales/zh-CN/materials.json';
import zhPages from './locales/zh-CN/pages.json';
import zhProfile from './locales/zh-CN/profile.json';
import zhProjects from './locales/zh-CN/projects.json';
import zhShell from './locales/zh-CN/shell.json';
import zhTags from './locales/zh-CN/tags.json';
import zhTemplates from './locales/zh-CN/templates.json';

/** English is the source language: its shape types every `t()` key (see i18next.d.ts). */
export const en = {
  common: enCommon,
  auth: enAuth,
  docs: enDocs,
  editor: enEditor,
  errors: enErrors,
  export: enExport,
  files: enFiles,
  images: enImages,
  landing: enLanding,
  license: enLicense,
  media: enMedia,
  materials: enMaterials,
  pages: enPages,
  profile: enProfile,
  projects: enProjects,
  shell: enShell,
  tags: enTags,
  templates: enTemplates,
};

// `satisfies` makes the compiler reject a zh-CN namespace that drops a key (check:locales also
// catches missing placeholders and extra keys, which types cannot).
export const zhCN = {
  common: zhCommon,
  auth: zhAuth,
  docs: zhDocs,
  editor: zhEditor,
  errors: zhErrors,
  export: zhExport,
  files: zhFiles,
  images: zhImages,
  landing: zhLanding,
  license: zhLicense,
  media: zhMedia,
  materials: zhMaterials,
  pages: zhPages,
  profile: zhProfile,
  projects: zhProjects,
  shell: zhShell,
  tags: zhTags,
  templates: zhTemplates,
} satisfies Record<keyof typeof en, unknown>;

export const resources = { en, 'zh-CN': zhCN } as const;
export const defaultNS = 'common';
