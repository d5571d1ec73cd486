// The metrics page's memory: the last samples of a few series, appended at each new answer, for the sparklines.
import { useState } from 'react';
import type { Metrics } from '../../api/types';

export const HISTORY_LENGTH = 30;

export interface MetricsSeries {
  heapMb: number[];
  rssMb: number[];
  cpuSeconds: number[];
  loopDelayMs: number[];
  requests: number[];
}

const MB = 1024 * 1024;
const empty = (): MetricsSeries => ({ heapMb: [], rssMb: [], cpuSeconds: [], loopDelayMs: [], requests: [] });

export function sampleOf(metrics: Metrics): Record<keyof MetricsSeries, number> {
  const { memory, cpu, eventLoopDelayMs } = metrics.process;
  return {
    heapMb: memory.heapUsed / MB,
    rssMb: memory.rss / MB,
    cpuSeconds: cpu.userSeconds + cpu.systemSeconds,
    loopDelayMs: eventLoopDelayMs.mean,
    requests: metrics.http.totalCount,
  };
}

export function useMetricsHistory(metrics: Metrics | undefined): MetricsSeries {
  const [history, setHistory] = useState<{ at: string | null; series: MetricsSeries }>({ at: null, series: empty() });
  // Adjusting state while rendering (React's documented pattern): one sample per new answer.
  if (metrics && metrics.timestamp !== history.at) {
    const sample = sampleOf(metrics);
    const series = { ...history.series };
    for (const key of Object.keys(sample) as (keyof MetricsSeries)[])
      series[key] = [...series[key], sample[key]].slice(-HISTORY_LENGTH);
    setHistory({ at: metrics.timestamp, series });
  }
  return history.series;
}
