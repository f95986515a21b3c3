// Uploaded bytes kept in the database: images re-encoded on the way in, read back by id.

export {
  MAX_IMAGE_BYTES,
  STORED_IMAGE_TYPES,
  deleteFile,
  fileIdFromUrl,
  readFile,
  storeFile,
  storeImage,
} from './store';
