import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/**
 * The demo's ERP errors in the integration monitor (issue 13): the dashboard's error figures count
 * the documents whose last message to the ERP failed, so every demo document written in erp-fail or
 * reverse-fail (the 14-order demo and the history) gets the failed message that put it there. Only
 * documents without any message are given one: a second run, or a document the demo user has sent
 * since, is left as it is.
 */
export async function ensureDemoErpErrors(db: Db): Promise<void> {
  await sql`insert into erp_outbox (domain_id, document_id, model, interface, status, external_ref,
      attempts, payload, error, created_at, updated_at)
    select d.domain_id, d.id, d.model,
           case when d.state = 'reverse-fail' then 'goods-receipt.reverse'
                when d.model = 'reception' then 'goods-receipt.post'
                else d.model || '.create' end,
           'failed', 'P2P' || d.id, 1, '{}'::jsonb,
           jsonb_build_object('message', 'The ERP refused the document.'),
           d.updated_at, d.updated_at
      from documents d
     where d.state in ('erp-fail', 'reverse-fail') and not d.deleted
       and not exists (select 1 from erp_outbox o where o.document_id = d.id)
     order by d.id`.execute(db);
}
