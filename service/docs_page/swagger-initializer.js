// Starts Swagger UI on /openapi.yaml. A file of its own, not an inline script, so the
// page's Content-Security-Policy can allow scripts from this server only.
window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({
    url: "/openapi.yaml",
    dom_id: "#swagger-ui",
    deepLinking: true,
    layout: "StandaloneLayout",
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    plugins: [SwaggerUIBundle.plugins.DownloadUrl],
    // Swagger UI otherwise loads a validity badge from validator.swagger.io.
    validatorUrl: null
  });
});
