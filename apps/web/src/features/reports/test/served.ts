import type { ReportQuery, ReportResult, ReportTimeRange, ReportingConfig } from '@p2p/domain';

/**
 * Answers as the server gives them (captured from the demo tenant, trimmed to the order source):
 * GET /config/query, GET /reporting/query/{id}, POST /reporting/query/result, GET /reporting/config/timePeriod.
 */

export const servedConfig: ReportingConfig = {
  models: [
    {
      _id: 'order',
      model: 'order',
      lines: false,
      collection: 'documents',
      label: 'Orders',
    },
    {
      _id: 'order-lines',
      model: 'order',
      lines: true,
      collection: 'document_lines',
      label: 'Orders (lines)',
    },
  ],
  fields: [
    {
      _id: '_state.current',
      label: 'State',
      labels: {
        en: 'State',
        pt: 'State',
      },
      type: 'state',
      dataType: 'string',
      group: true,
      metric: true,
      lines: false,
      display: '_state.current',
      format: null,
      in: ['order', 'order', 'order-lines', 'order-lines', 'order-evaluation', 'order-evaluation'],
      filter: '_state.current',
    },
    {
      _id: '_state.created.ts',
      label: 'Created',
      labels: {
        en: 'Created',
        pt: 'Created',
      },
      type: 'ts',
      dataType: 'date',
      group: true,
      metric: true,
      lines: false,
      display: '_state.created.ts',
      format: null,
      in: ['order', 'order-lines', 'order-evaluation'],
      filter: 'createdFrom',
    },
    {
      _id: 'value',
      label: 'Total value',
      labels: {
        en: 'Total value',
        pt: 'Valor total',
      },
      type: 'value',
      dataType: 'number',
      group: true,
      metric: true,
      lines: false,
      display: 'value',
      format: '#,##0.00',
      in: ['order', 'order-lines'],
      filter: null,
    },
    {
      _id: 'description',
      label: 'Description',
      labels: {
        en: 'Description',
        pt: 'Descrição',
      },
      type: 'text',
      dataType: 'string',
      group: true,
      metric: true,
      lines: false,
      display: 'description',
      format: null,
      in: ['order', 'order-lines'],
      filter: 'description',
    },
    {
      _id: '_state.created.ts',
      label: 'Created',
      labels: {
        en: 'Created',
        pt: 'Criada',
      },
      type: 'date',
      dataType: 'date',
      group: true,
      metric: true,
      lines: false,
      display: '_state.created.ts',
      format: 'dd-MM-yyyy',
      in: ['order', 'order-lines', 'order-evaluation'],
      filter: null,
    },
    {
      _id: 'supplier',
      label: 'Supplier',
      labels: {
        en: 'Supplier',
        pt: 'Fornecedor',
      },
      type: 'ref_supplier',
      dataType: 'object',
      group: true,
      metric: true,
      lines: false,
      display: 'supplier.name',
      format: null,
      in: ['order', 'order-lines', 'order-evaluation'],
      filter: 'supplier._id',
    },
  ],
  metrics: [
    {
      function: 'count',
      label: 'Count',
      apply_to: ['string', 'number', 'date', 'boolean', 'array', 'object'],
    },
    {
      function: 'sum',
      label: 'Sum',
      apply_to: ['number'],
    },
    {
      function: 'average',
      label: 'Average',
      apply_to: ['number'],
    },
    {
      function: 'minimum',
      label: 'Minimum',
      apply_to: ['number', 'date', 'string'],
    },
    {
      function: 'maximum',
      label: 'Maximum',
      apply_to: ['number', 'date', 'string'],
    },
    {
      function: 'latest',
      label: 'Latest value',
      apply_to: ['string', 'number', 'date', 'boolean'],
    },
  ],
  intervals: [
    {
      _id: '1d',
      text: '1 day',
    },
    {
      _id: '1M',
      text: '1 month',
    },
    {
      _id: '1y',
      text: '1 year',
    },
  ],
  timeRanges: [
    {
      _id: 'today',
      text: 'Today',
      default: false,
    },
    {
      _id: 'last-7-days',
      text: 'Last 7 days',
      default: false,
    },
    {
      _id: 'last-30-days',
      text: 'Last 30 days',
      default: false,
    },
    {
      _id: 'last-90-days',
      text: 'Last 90 days',
      default: false,
    },
    {
      _id: 'last-12-months',
      text: 'Last 12 months',
      default: true,
    },
    {
      _id: 'this-month',
      text: 'This month',
      default: false,
    },
  ],
  visualizations: [
    {
      _id: 'area',
      text: 'Area',
    },
    {
      _id: 'bar',
      text: 'Bar',
    },
    {
      _id: 'table',
      text: 'Data table',
    },
    {
      _id: 'line',
      text: 'Line',
    },
    {
      _id: 'pie',
      text: 'Pie',
    },
    {
      _id: 'scatter',
      text: 'Scatter',
    },
  ],
  what: [
    {
      _id: 'draft-requisitions',
      text: 'Draft requisitions',
      models: ['requisition'],
    },
  ],
};

export const servedPeriods: ReportTimeRange[] = servedConfig.timeRanges;

export const servedReport: ReportQuery = {
  _id: '1',
  name: 'By supplier',
  type: 'user-query',
  model: { _id: 'order', model: 'order', lines: false, collection: 'documents' },
  aggregation: {
    sort: [],
    groupBy: [{ field: 'supplier', limit: null, interval: null, direction: 'row', skipEmpty: true }],
    metrics: [{ name: null, field: null, function: 'count' }],
    rollupColumns: false,
  },
  visualization: { type: { _id: 'table', text: 'Data table' } },
  tr: { _id: 'last-12-months', text: 'Last 12 months' },
  params: {},
  what: [],
  _editable: { ok: true },
  owner: 'd887f138-9fb8-417d-88b9-fb39a67f5ddd',
  updatedAt: '2026-11-26T13:31:24.747Z',
};

export const servedResult: ReportResult = {
  items: [
    {
      supplier: 'Alfa Components Lda',
      supplier_id: '3d35d786-360d-4174-81d2-e00e9f192357',
      count: 8,
      _filter:
        'supplier._id=3d35d786-360d-4174-81d2-e00e9f192357&createdFrom=2025-12-01T00%3A00%3A00.000Z&createdTo=2026-12-01T00%3A00%3A00.000Z',
    },
    {
      supplier: 'Beta Logistics SA',
      supplier_id: '2d7b4185-9944-402d-8998-844d177a012f',
      count: 6,
      _filter:
        'supplier._id=2d7b4185-9944-402d-8998-844d177a012f&createdFrom=2025-12-01T00%3A00%3A00.000Z&createdTo=2026-12-01T00%3A00%3A00.000Z',
    },
  ],
  fields: [
    {
      src: 'supplier',
      label: 'Supplier',
      role: 'group',
      dataType: 'object',
      type: 'ref_supplier',
      format: null,
      field: 'supplier',
      function: null,
      interval: null,
      column: null,
    },
    {
      src: 'count',
      label: 'Count',
      role: 'metric',
      dataType: 'number',
      type: null,
      format: '#,##0',
      field: null,
      function: 'count',
      interval: null,
      column: null,
    },
  ],
  tableOptions: {
    header: true,
    count: 2,
    paging: false,
    pageSize: 30,
    sort: true,
    download: true,
    truncated: false,
    model: 'order',
  },
};

/** GET /reporting/query/pending-evaluations: the built-in report of a dashboard figure. */
export const servedPendingReport: ReportQuery = {
  _id: 'pending-evaluations',
  name: 'Pending evaluations',
  type: 'system-query',
  model: { _id: 'order-evaluation', model: 'order-evaluation', lines: false, collection: 'documents' },
  aggregation: {},
  visualization: { type: { _id: 'table', text: 'Data table' } },
  tr: null,
  params: {},
  what: ['pending-evaluations'],
  _editable: { ok: false },
  owner: null,
  updatedAt: null,
};

/** POST /reporting/query/result of that figure: two lists, no filter of its own, one per part. */
export const servedPendingResult: ReportResult = {
  items: [
    {
      _id: 'pending-evaluations',
      label: 'Pending evaluations',
      model: 'order-evaluation',
      count: 2,
      value: null,
      _filter: null,
      parts: [
        {
          model: 'order-evaluation',
          label: 'Order evaluations',
          count: 1,
          _filter: '_state.current=created%2Cupdated',
        },
        {
          model: 'contract-evaluation',
          label: 'Contract evaluations',
          count: 1,
          _filter: '_state.current=created%2Cupdated',
        },
      ],
    },
  ],
  fields: [
    {
      src: 'label',
      label: 'What',
      role: 'group',
      dataType: 'string',
      type: null,
      format: null,
      field: null,
      function: null,
      interval: null,
      column: null,
    },
    {
      src: 'count',
      label: 'Count',
      role: 'metric',
      dataType: 'number',
      type: null,
      format: '#,##0',
      field: null,
      function: 'count',
      interval: null,
      column: null,
    },
    {
      src: 'value',
      label: 'Value (%)',
      role: 'metric',
      dataType: 'number',
      type: null,
      format: '#,##0.00',
      field: null,
      function: 'count',
      interval: null,
      column: null,
    },
  ],
  tableOptions: {
    header: true,
    count: 1,
    paging: false,
    pageSize: 30,
    sort: true,
    download: true,
    truncated: false,
    model: null,
  },
};
