// Package photo is the photo evidence path of docs/PHOTOS.md: upload plans
// (presigned single PUTs and resumable multipart uploads), verification of
// what landed in the blob store, the streamed fallback upload, dedupe of
// content-addressed blobs, background thumbnails and EXIF checks, evidence
// counts for review, and housekeeping.
package photo
