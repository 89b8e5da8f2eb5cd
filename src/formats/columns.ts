/**
 * The columns of a CSV or TSV export: the item fields of the service's contract
 * (openapi/page-service.yaml, PageGroup and Page), in its order. A field a server adds beyond the
 * contract is in the NDJSON and JSON exports only: a table's columns are fixed before the first row.
 */
import type { ListKind } from '../api/pager/list-pager.js';

const GROUP_FIELDS = ['pageGroupId', 'tenantId', 'title', 'slug', 'status', 'templateId', 'goal', 'pageCount', 'createdAt', 'updatedAt'] as const;
const PAGE_FIELDS = ['pageId', 'pageGroupId', 'tenantId', 'createdAt', 'updatedAt', 'effectiveName', 'customName', 'computedName'] as const;

export const columnsOf = (kind: ListKind): readonly string[] => (kind === 'groups' ? GROUP_FIELDS : PAGE_FIELDS);
