// The administrative audit trail. Other features record an entry inside the transaction of the
// change it describes.

export { recordAudit } from './service';
