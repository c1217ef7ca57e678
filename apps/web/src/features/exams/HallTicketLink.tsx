import type { MouseEvent } from 'react';
import { Button } from '@mui/material';
import Download from '@mui/icons-material/Download';
import { examsEndpoints, endpointPath } from '@erp/shared';
import { apiOrigin } from '../../lib/api-client';
import { errorText } from '../../components/DataTable';
import { useToast } from '../../components/feedback';
import { downloadHallTicket } from './api';

/**
 * A link to a student's hall ticket PDF (/api/exams/:id/hall-tickets/<roll>.pdf). A click fetches it
 * with the session and saves it, so a refusal shows the server's message instead of a raw answer.
 */
export function HallTicketLink({
  examId,
  rollNo,
  label = 'Download hall ticket',
}: {
  examId: number;
  rollNo: string;
  label?: string;
}) {
  const toast = useToast();
  const href = `${apiOrigin()}${endpointPath(examsEndpoints.hallTicketPdf.path, { id: examId, rollNo })}`;
  return (
    <Button
      size="small"
      component="a"
      href={href}
      startIcon={<Download />}
      aria-label={`${label} of ${rollNo}`}
      onClick={(e: MouseEvent) => {
        e.preventDefault();
        downloadHallTicket(examId, rollNo).catch((err: unknown) => toast.error(errorText(err)));
      }}
    >
      {label}
    </Button>
  );
}
