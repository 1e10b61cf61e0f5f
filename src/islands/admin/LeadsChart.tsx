// The leads of the last 12 weeks (public.admin_leads_by_week: bookings, contact messages and visa
// applications received each week, Monday to Sunday in Lagos), drawn as stacked bars in plain SVG.
// The drawing is for the eye; its text alternative is the table of the same numbers beside it,
// which screen readers read instead (the SVG is hidden from them). A legend names each colour in
// words, and each bar's total is written above it, so nothing is told by colour alone.
import { useQuery } from '@tanstack/react-query';
import { formatConsultancyDate } from '../../../common/consultancy-time.ts';
import { fetchLeadsByWeek, type WeekLeads } from '../../lib/admin/leads.ts';
import { getSupabase } from '../../lib/supabase-loader.ts';
import FailedLoad from '../ui/FailedLoad.tsx';
import { unwrap } from './query-result.ts';

/** Each series: its field, its name and its colour (each 4.5:1 or more on white). */
const SERIES = [
  { key: 'bookings', label: 'Bookings', colour: '#0f5a43' },
  { key: 'messages', label: 'Messages', colour: '#1a5fd0' },
  { key: 'applications', label: 'Applications', colour: '#9a4a00' },
] as const;

/** A week as people read it: its Monday, "23 Nov" (the date is the Lagos one, read as written). */
const weekOf = (week: WeekLeads) => formatConsultancyDate(week.week_start, 'short');

// The drawing's own units: the SVG scales to its box, keeping its proportions.
const WIDTH = 360;
const HEIGHT = 180;
const TOP = 16;
const BOTTOM = 22;
const SLOT = WIDTH / 12;
const BAR = SLOT * 0.6;
/** Room either side of the bars, so that the first and last week's names are drawn whole. */
const MARGIN = 8;

const total = (week: WeekLeads) => week.bookings + week.messages + week.applications;

/** The chart and its table. */
export default function LeadsChart() {
  const leads = useQuery({ queryKey: ['leads-by-week'], queryFn: () => unwrap(fetchLeadsByWeek(getSupabase())) });
  return (
    <section className="leads-chart" aria-labelledby="leads-chart-title">
      <h2 id="leads-chart-title">Leads in the last 12 weeks</h2>
      {leads.isPending && <p role="status">Loading the leads...</p>}
      {leads.isError && <FailedLoad look="admin" message="Failed to load the leads." retry={() => void leads.refetch()} />}
      {leads.data && <Chart weeks={leads.data} />}
    </section>
  );
}

function Chart({ weeks }: { weeks: WeekLeads[] }) {
  const most = Math.max(1, ...weeks.map(total));
  const scale = (HEIGHT - TOP - BOTTOM) / most;
  return (
    <>
      <ul className="leads-chart__legend">
        {SERIES.map((series) => (
          <li key={series.key}>
            <span className="leads-chart__swatch" style={{ background: series.colour }} aria-hidden="true" />
            {series.label}
          </li>
        ))}
      </ul>
      <svg className="leads-chart__drawing" viewBox={`${-MARGIN} 0 ${WIDTH + 2 * MARGIN} ${HEIGHT}`} aria-hidden="true" focusable="false">
        <line x1={0} x2={WIDTH} y1={HEIGHT - BOTTOM} y2={HEIGHT - BOTTOM} className="leads-chart__axis" />
        {weeks.map((week, index) => {
          const x = index * SLOT + (SLOT - BAR) / 2;
          let y = HEIGHT - BOTTOM;
          return (
            <g key={week.week_start}>
              <title>{`Week of ${weekOf(week)}: ${week.bookings} bookings, ${week.messages} messages, ${week.applications} applications`}</title>
              {SERIES.map((series) => {
                const height = week[series.key] * scale;
                y -= height;
                return height > 0 ? <rect key={series.key} x={x} y={y} width={BAR} height={height} fill={series.colour} /> : null;
              })}
              <text x={x + BAR / 2} y={y - 4} className="leads-chart__total">
                {total(week)}
              </text>
              {/* Every other week is named under its bar, the latest always: twelve dates do not fit a phone. */}
              {(weeks.length - 1 - index) % 2 === 0 && (
                <text x={x + BAR / 2} y={HEIGHT - 6} className="leads-chart__week">
                  {weekOf(week)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      {/* Hidden by its box, not itself: a table takes the width of its content whatever its own width says. */}
      <div className="visually-hidden">
        <table>
          <caption>Leads per week, the last 12 weeks (weeks from Monday, Lagos time)</caption>
          <thead>
            <tr>
              <th scope="col">Week of</th>
              {SERIES.map((series) => (
                <th key={series.key} scope="col">
                  {series.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.week_start}>
                <th scope="row">{weekOf(week)}</th>
                {SERIES.map((series) => (
                  <td key={series.key}>{week[series.key]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
