import { useNavigate, useParams } from 'react-router';
import { useAuth } from '@/features/auth/hooks/authContext';
import { ImagePicker } from '@/features/images/components/ImagePicker';
import { MaterialsPanel } from '@/features/materials/components/MaterialsPanel';
import { ProjectPage } from '@/features/projects/components/page/ProjectPage';

/** /projects/:id: the project page, with the gallery picker and the project's materials composed in. */
export function ProjectRoute() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { user } = useAuth();
  return (
    <ProjectPage
      projectId={id}
      ImagePicker={ImagePicker}
      renderMaterials={(projectId) => <MaterialsPanel projectId={projectId} />}
      onDeleted={() => void navigate('/projects', { replace: true })}
      userId={user?._id ?? null}
    />
  );
}
