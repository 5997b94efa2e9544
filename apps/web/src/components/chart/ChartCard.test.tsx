import { beforeEach, describe, expect, it } from 'vitest';
import { createRef } from 'react';
import { act, screen } from '@testing-library/react';
import type { Chart as ChartJS } from 'chart.js';
import { offlineStore } from '../../lib/offline.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { ChartCard } from './ChartCard.tsx';

const charts = [{ _id: 'bar', text: 'Bar' }];
const periods = [{ _id: 'last-12-months', text: 'Last 12 months' }];

beforeEach(() => offlineStore.set(false));

describe('chart card (seed 001 sections 2.12, 6, 9)', () => {
  it('offers the chart and period pickers only when editable', () => {
    const props = {
      charts,
      chart: 'bar',
      onChart: () => undefined,
      periods,
      period: 'last-12-months',
      onPeriod: () => undefined,
    };
    const view = renderWithProviders(<ChartCard title="Orders" {...props} />);
    expect(screen.queryByTestId('chart-picker')).toBeNull();
    view.rerender(<ChartCard title="Orders" editable {...props} />);
    expect(screen.getByTestId('chart-picker')).toBeTruthy();
    expect(screen.getByTestId('period-picker')).toBeTruthy();
  });

  it('hides the PNG download offline', () => {
    renderWithProviders(<ChartCard title="Orders" canvas={createRef<ChartJS | undefined>()} />);
    expect(screen.getByTestId('chart-download')).toBeTruthy();
    act(() => offlineStore.set(true));
    expect(screen.queryByTestId('chart-download')).toBeNull();
  });

  it('colours a gauge green below 70, amber to under 90, red from 90', () => {
    const view = renderWithProviders(<ChartCard gauge={69.99} />);
    expect(screen.getByTestId('chart-gauge').dataset.color).toBe('green');
    view.rerender(<ChartCard gauge={70} />);
    expect(screen.getByTestId('chart-gauge').dataset.color).toBe('amber');
    view.rerender(<ChartCard gauge={89.9} />);
    expect(screen.getByTestId('chart-gauge').dataset.color).toBe('amber');
    view.rerender(<ChartCard gauge={90} />);
    expect(screen.getByTestId('chart-gauge').dataset.color).toBe('red');
  });
});
