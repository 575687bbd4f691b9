{{/*
Startup, liveness and readiness probes of one component: dict root, name.
Every process answers HTTP/1.1 /healthz (live) and /readyz (ready) on its internal port, never
the gateway's public one; the services can be probed with grpc.health.v1 instead (probes.grpc).
*/}}
{{- define "dirabot.probes" -}}
{{- $probes := .root.Values.probes -}}
{{- $grpc := and $probes.grpc (ne .name "gateway") -}}
{{- $internalPort := include "dirabot.internalPort" .root -}}
{{- range $kind, $path := dict "startup" "/healthz" "liveness" "/healthz" "readiness" "/readyz" }}
{{ $kind }}Probe:
  {{- if $grpc }}
  grpc:
    port: {{ $internalPort }}
  {{- else }}
  httpGet:
    path: {{ $path }}
    port: internal
  {{- end }}
  {{- toYaml (index $probes $kind) | nindent 2 }}
{{- end }}
{{- end -}}
