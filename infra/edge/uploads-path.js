// CloudFront Function (cloudfront-js-2.0, viewer request) on the /objects/uploads/* behaviour.
// Public uploads live under the S3 key prefix uploads/, so the viewer path
// /objects/uploads/<id> is fetched from the origin as /uploads/<id>.
function handler(event) {
  var request = event.request;
  request.uri = request.uri.slice('/objects'.length);
  return request;
}
