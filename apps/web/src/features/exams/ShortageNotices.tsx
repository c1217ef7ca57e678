import { Box, Button, Typography } from '@mui/material';
import Send from '@mui/icons-material/Send';
import type { TExam } from '@erp/shared';
import { DataTable, errorText, queryRows } from '../../components/DataTable';
import { useConfirm, useToast } from '../../components/feedback';
import { useSendShortageNotices, useShortageNotices } from './api';
import { whenText } from './format';

/** The notices of attendance shortage sent to students and parents, each kept with its date and sender. */
export function ShortageNotices({ exam, maySend }: { exam: TExam; maySend: boolean }) {
  const notices = useShortageNotices(exam.id);
  const send = useSendShortageNotices(exam.id);
  const toast = useToast();
  const confirm = useConfirm();
  const sendAll = async () => {
    const ok = await confirm({
      title: 'Send shortage notices?',
      text: 'Every registered student short of attendance, and their parent, is sent a notice now. Each notice is kept with its date.',
      confirmText: 'Send notices',
    });
    if (!ok) return;
    try {
      toast.success((await send.mutateAsync(undefined)).message);
    } catch (e) {
      toast.error(errorText(e));
    }
  };
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="subtitle1" component="h2" fontWeight={700} sx={{ flexGrow: 1 }}>
          Shortage notices sent
        </Typography>
        {maySend && (
          <Button variant="outlined" startIcon={<Send />} onClick={sendAll} loading={send.isPending}>
            Send shortage notices
          </Button>
        )}
      </Box>
      <DataTable
        label="Shortage notices"
        columns={[
          { key: 'sentOn', header: 'Sent on', nowrap: true, value: (n) => whenText(n.sentOn) },
          { key: 'rollNo', header: 'Roll no', nowrap: true },
          { key: 'name', header: 'Name' },
          { key: 'sentTo', header: 'To', value: (n) => (n.sentTo === 'parent' ? 'Parent' : 'Student') },
          { key: 'address', header: 'Address', hideBelow: 'md' },
          { key: 'percent', header: 'Attendance', align: 'right', value: (n) => `${n.percent.toFixed(2)}% (${n.standing})` },
          { key: 'sentBy', header: 'Sent by', hideBelow: 'lg' },
        ]}
        {...queryRows(notices)}
        rowKey={(n) => `${n.rollNo}-${n.sentTo}-${n.sentOn}`}
        emptyText="No shortage notice has been sent for this exam."
        search
        searchPlaceholder="Roll number or name"
        exportName={`shortage-notices-${exam.id}`}
      />
    </Box>
  );
}
