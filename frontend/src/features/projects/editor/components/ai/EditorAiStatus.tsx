import type { SxProps, Theme } from '@mui/material/styles';
import { AiActionStatus } from '@/components/ai/AiActionStatus';
import type { AiAction } from '@/components/ai/useAiAction';
import { useDescribeAiFailure } from '../../ai/hooks';

/** An editor AI action's waiting line (with Cancel) or failure (with the offline assistant), in the editor's words. */
export function EditorAiStatus({ action, showWaiting, sx }: { action: AiAction; showWaiting?: boolean; sx?: SxProps<Theme> }) {
  const describe = useDescribeAiFailure();
  return <AiActionStatus action={action} describe={describe} showWaiting={showWaiting} sx={sx} />;
}
