import type { RouteObject } from 'react-router';
import { RequireAuth } from '@/features/auth/components/RequireAuth';
import { ChatSignInRoute } from './routes/ChatSignInRoute';
import { FileDetailRoute } from './routes/FileDetailRoute';
import { FilesRoute } from './routes/FilesRoute';
import { LandingRoute } from './routes/LandingRoute';
import { LoginRoute } from './routes/LoginRoute';
import { MaterialDetailRoute } from './routes/MaterialDetailRoute';
import { MaterialSearchRoute } from './routes/MaterialSearchRoute';
import { MaterialsRoute } from './routes/MaterialsRoute';
import { NotFoundRoute } from './routes/NotFoundRoute';
import { PicturesRoute } from './routes/PicturesRoute';
import { ProfileRoute } from './routes/ProfileRoute';
import { ProjectRoute } from './routes/ProjectRoute';
import { ProjectsRoute } from './routes/ProjectsRoute';
import { ShellLayout } from './routes/ShellLayout';
import { SignupRoute } from './routes/SignupRoute';
import { TagsRoute } from './routes/TagsRoute';
import { TemplateDetailRoute } from './routes/TemplateDetailRoute';
import { TemplatesRoute } from './routes/TemplatesRoute';
import { UserProfileRoute } from './routes/UserProfileRoute';

/** The route table of spec §2, plus /users/:id (another user's profile). */
export const appRoutes: RouteObject[] = [
  // No shell on these three (spec §2).
  { path: '/', element: <LandingRoute /> },
  { path: '/login', element: <LoginRoute /> },
  { path: '/signup', element: <SignupRoute /> },
  // Chat sign-on's landing page: trades the one-time code from the URL fragment for a session.
  { path: '/auth/chat', element: <ChatSignInRoute /> },
  {
    // The guard sits outside the shell so loading shows a true full-page spinner.
    element: <RequireAuth />,
    children: [
      {
        element: <ShellLayout />,
        children: [
          { path: '/projects', element: <ProjectsRoute /> },
          { path: '/projects/:id', element: <ProjectRoute /> },
          // A project's materials: the same pages as the library's, scoped to the project.
          { path: '/projects/:id/materials', element: <MaterialsRoute /> },
          { path: '/projects/:id/materials/search', element: <MaterialSearchRoute /> },
          { path: '/projects/:id/materials/:materialId', element: <MaterialDetailRoute /> },
          { path: '/profile', element: <ProfileRoute /> },
          { path: '/users/:userId', element: <UserProfileRoute /> },
          { path: '/tags', element: <TagsRoute /> },
          { path: '/materials', element: <MaterialsRoute /> },
          { path: '/materials/search', element: <MaterialSearchRoute /> },
          { path: '/materials/:materialId', element: <MaterialDetailRoute /> },
          { path: '/pictures', element: <PicturesRoute /> },
          { path: '/pptx-files', element: <TemplatesRoute /> },
          { path: '/pptx-files/:id', element: <TemplateDetailRoute /> },
          { path: '/files', element: <FilesRoute /> },
          { path: '/files/:fileId', element: <FileDetailRoute /> },
        ],
      },
    ],
  },
  {
    element: <ShellLayout />,
    children: [
      {
        path: '/docs/:docType',
        // The markdown renderer is only needed here; keep it out of the first download.
        lazy: async () => ({ Component: (await import('./routes/DocsRoute')).DocsRoute }),
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];
