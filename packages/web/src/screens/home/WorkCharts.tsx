// The last 30 days of the heads of the desk's queues (issue 21): requests received and decided per day
// and type, and decisions per staff member, drawn with @mantine/charts. Each chart says what it shows in
// one sentence and carries its figures as a table for screen readers; the drawing itself is hidden
// from them (and from the keyboard: recharts' own accessibility layer would make each a tab stop inside
// hidden content). Loaded on demand: recharts stays out of every other page. ColorSwatch draws the legend.
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { WORK_CHART_DAYS, type WorkCharts as Charts, type WorkDayCount } from '@bank/domain';
import { Box, SimpleGrid, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const DAY_MS = 86_400_000;
const HIDDEN_FROM_KEYBOARD = { accessibilityLayer: false };
/** One colour per request type, in workflow order. */
const COLORS = [
  'indigo.6',
  'teal.6',
  'orange.6',
  'grape.6',
  'cyan.7',
  'red.6',
  'lime.7',
  'pink.6',
  'yellow.7',
  'gray.6',
];

/** The days from `from` on (UTC, YYYY-MM-DD), WORK_CHART_DAYS of them. */
const daysFrom = (from: string) =>
  Array.from({ length: WORK_CHART_DAYS }, (_, i) => new Date(Date.parse(from) + i * DAY_MS).toISOString().slice(0, 10));

/** `2026-11-26` → `26/11` */
const shortDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

function perDay(days: readonly string[], counts: readonly WorkDayCount[]) {
  const rows = new Map(days.map((day) => [day, { day: shortDay(day) } as Record<string, string | number>]));
  for (const { day, entity, n } of counts) {
    const row = rows.get(day);
    if (row) row[entity] = n;
  }
  return [...rows.values()];
}

interface ChartFigureProps {
  id: string;
  title: string;
  summary: string;
  chart: ReactNode;
  /** The figures: a header row, then one row per line. */
  table: { head: readonly string[]; rows: ReadonlyArray<readonly (string | number)[]> };
}

function ChartFigure({ id, title, summary, chart, table }: ChartFigureProps) {
  return (
    <Box component="figure" m={0} aria-labelledby={`${id}-title`} data-testid={id}>
      <Title order={3} size="h4" id={`${id}-title`}>
        {title}
      </Title>
      <Text component="figcaption" size="sm" c="dimmed" mb="xs">
        {summary}
      </Text>
      <div aria-hidden="true">{chart}</div>
      <VisuallyHidden>
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              {table.head.map((cell) => (
                <th key={cell} scope="col">
                  {cell}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row) => (
              <tr key={String(row[0])}>
                {row.map((cell, i) =>
                  i === 0 ? (
                    <th key={i} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={i}>{cell}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Box>
  );
}

export function WorkCharts({ charts, entities }: { charts: Charts; entities: readonly string[] }) {
  const { t } = useTranslation();
  const days = daysFrom(charts.from);
  const series = entities.map((entity, i) => ({
    name: entity,
    label: t(`entities.${entity}.plural`),
    color: COLORS[i % COLORS.length]!,
  }));
  const total = (counts: readonly WorkDayCount[]) => counts.reduce((sum, c) => sum + c.n, 0);
  const dayFigure = (kind: 'received' | 'decided') => {
    const counts = charts[kind];
    const data = perDay(days, counts);
    return (
      <ChartFigure
        id={`work-chart-${kind}`}
        title={t(`home.work.charts.${kind}`)}
        summary={t(`home.work.charts.${kind}Summary`, { count: total(counts), days: WORK_CHART_DAYS })}
        chart={
          <BarChart
            h={260}
            data={data}
            dataKey="day"
            type="stacked"
            series={series}
            withLegend
            barChartProps={HIDDEN_FROM_KEYBOARD}
          />
        }
        table={{
          head: [t('home.work.charts.day'), ...series.map((s) => s.label)],
          rows: data.map((row) => [row.day!, ...entities.map((entity) => row[entity] ?? 0)]),
        }}
      />
    );
  };
  return (
    <section aria-labelledby="work-charts-title">
      <Title order={2} size="h3" mb="sm" id="work-charts-title">
        {t('home.work.charts.title', { days: WORK_CHART_DAYS })}
      </Title>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="xl">
        {dayFigure('received')}
        {dayFigure('decided')}
        <ChartFigure
          id="work-chart-staff"
          title={t('home.work.charts.byStaff')}
          summary={t('home.work.charts.byStaffSummary', { count: charts.byStaff.length })}
          chart={
            <BarChart
              h={Math.max(120, 32 * charts.byStaff.length)}
              data={charts.byStaff}
              dataKey="login"
              orientation="vertical"
              barChartProps={HIDDEN_FROM_KEYBOARD}
              series={[{ name: 'n', label: t('home.work.charts.decisions'), color: 'indigo.6' }]}
            />
          }
          table={{
            head: [t('home.work.charts.staff'), t('home.work.charts.decisions')],
            rows: charts.byStaff.map((s) => [s.login, s.n]),
          }}
        />
      </SimpleGrid>
    </section>
  );
}
