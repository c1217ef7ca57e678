import { Button } from '@mui/material';
import type { UseMutationResult } from '@tanstack/react-query';
import type { TDecision } from '@erp/shared';
import { useToast } from '../../components/feedback';
import { errorText } from '../../components/DataTable';

/** Approve and Reject for the one who may decide a proposal; a toast says what became of it. */
export function DecisionButtons({
  id,
  useDecide,
  done,
}: {
  id: number;
  useDecide: () => UseMutationResult<{ status: string }, Error, TDecision & { id: number }>;
  /** the toast for the new status, e.g. "22A91A0501: Approved" */
  done: (status: string) => string;
}) {
  const decide = useDecide();
  const toast = useToast();
  const act = async (decision: 'approve' | 'reject') => {
    try {
      const r = await decide.mutateAsync({ id, decision, note: '' });
      toast.success(done(r.status));
    } catch (e) {
      toast.error(errorText(e));
    }
  };
  return (
    <>
      <Button size="small" variant="contained" onClick={() => act('approve')} disabled={decide.isPending}>
        Approve
      </Button>{' '}
      <Button size="small" color="error" onClick={() => act('reject')} disabled={decide.isPending}>
        Reject
      </Button>
    </>
  );
}
