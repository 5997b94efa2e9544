/**
 * The documents feature's types: the HTTP contract's (`@p2p/domain`, the schemas the server answers
 * with), and the form's working copy of a document.
 */
import type { DocumentLike, ModelConfigResponse } from '@p2p/domain';

export type {
  DocumentList,
  DocumentListRow,
  DocumentRequest,
  DocumentResponse,
  EditInfo,
  PurchasingConfig,
  TimelineEntry,
  TimelineResponse,
} from '@p2p/domain';

/** GET /config/model/{lang}/{model}: the domain's model config, labels in the asked language, and `_v`. */
export type ModelConfig = ModelConfigResponse;

/** A document as the form holds it: the domain's lenient document shape and the version a save sends. */
export type DocumentData = DocumentLike & { _version?: number };
