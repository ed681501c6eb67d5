// Starts Redoc on the contract this server serves. A separate file, not an
// inline script, so a Content-Security-Policy of script-src 'self' holds.
(function () {
  var el = document.getElementById('redoc');
  Redoc.init(el.getAttribute('data-spec'), {
    expandResponses: '200,201',
    jsonSampleExpandLevel: 3,
    hideHostname: true,
    pathInMiddlePanel: true,
    sortPropsAlphabetically: false,
    theme: { typography: { fontFamily: 'system-ui, sans-serif', headings: { fontFamily: 'system-ui, sans-serif' }, code: { fontFamily: 'ui-monospace, monospace' } } }
  }, el);
})();
