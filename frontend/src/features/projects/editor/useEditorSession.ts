import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { fetchProject } from '../api/getProject';
import { projectKeys } from '../api/projectKeys';
import { putProject } from '../api/updateProject';
import type { Project } from '../types';
import { EditorSession, type SessionCallbacks } from './session';

/**
 * One editor shell per project page visit. The session outlives a re-render and saves what is
 * pending when the page unmounts; the browser warns before a reload or close while anything is
 * unsaved (and the local draft covers the rest).
 */
export function useEditorSession(initial: Project, callbacks: Pick<SessionCallbacks, 'onConflict'>) {
  const queryClient = useQueryClient();
  const [session] = useState(
    () => new EditorSession(initial, { save: (body) => putProject(initial._id, body), load: () => fetchProject(initial._id) }),
  );
  const state = useSyncExternalStore(session.subscribe, session.getState, session.getState);

  useEffect(() => {
    session.setCallbacks({
      onConflict: callbacks.onConflict,
      onSaved: (project) => {
        queryClient.setQueryData(projectKeys.detail(project._id), project);
        void queryClient.invalidateQueries({ queryKey: projectKeys.lists() });
        // The changed slides are being drawn: follow them (the list polls while pending).
        void queryClient.invalidateQueries({ queryKey: projectKeys.previews(project._id) });
      },
    });
  });

  useEffect(() => {
    session.attach();
    return () => session.detach();
  }, [session]);

  const unsaved = state.dirty || state.saving;
  useEffect(() => {
    if (!unsaved) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set to show the prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  return { session, state };
}
