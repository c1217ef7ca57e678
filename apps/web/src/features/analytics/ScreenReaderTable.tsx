import { Box } from '@mui/material';

/**
 * A chart's figures as a table that only screen readers read (the chart itself is hidden from
 * them): a caption, the column heads, and one row per point.
 */
export function ScreenReaderTable(props: { caption: string; head: string[]; rows: Array<Array<string | number>> }) {
  // The hiding is on a wrapper: a table never shrinks below its content, and would widen the page on a phone.
  return (
    <Box
      sx={{
        position: 'absolute',
        width: '1px',
        height: '1px',
        overflow: 'hidden',
        clip: 'rect(0 0 0 0)',
        whiteSpace: 'nowrap',
        border: 0,
        p: 0,
        m: '-1px',
      }}
    >
      <table>
        <caption>{props.caption}</caption>
        <thead>
          <tr>
            {props.head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((r, i) => (
            <tr key={i}>
              {r.map((v, j) =>
                j === 0 ? (
                  <th key={j} scope="row">
                    {v}
                  </th>
                ) : (
                  <td key={j}>{v}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </Box>
  );
}
