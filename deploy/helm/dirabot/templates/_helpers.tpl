{{/*
Names and labels. Components (the gateway and the eight services) are called with
(dict "root" $ "name" "<component>"); chart-wide objects with (dict "root" $ "name" "").
*/}}

{{- define "dirabot.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "dirabot.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/* <fullname>-<component>; the full name is cut to 46 so "-scraper-facebook" still fits 63. */}}
{{- define "dirabot.componentName" -}}
{{- $full := include "dirabot.fullname" .root | trunc 46 | trimSuffix "-" -}}
{{- printf "%s-%s" $full .name -}}
{{- end -}}

{{- define "dirabot.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "dirabot.selectorLabels" -}}
app.kubernetes.io/name: {{ include "dirabot.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
{{- with .name }}
app.kubernetes.io/component: {{ . }}
{{- end }}
{{- end -}}

{{- define "dirabot.labels" -}}
helm.sh/chart: {{ include "dirabot.chart" .root }}
{{ include "dirabot.selectorLabels" . }}
app.kubernetes.io/version: {{ .root.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
app.kubernetes.io/part-of: dirabot
{{- end -}}

{{- define "dirabot.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "dirabot.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{/* One image for everything; `browser: true` components take the chromium variant. */}}
{{- define "dirabot.image" -}}
{{- $img := .root.Values.image -}}
{{- $tag := default .root.Chart.AppVersion $img.tag -}}
{{- if .cfg.browser -}}
{{- $tag = printf "%s%s" $tag $img.browserTagSuffix -}}
{{- end -}}
{{- printf "%s:%s" $img.repository $tag -}}
{{- end -}}

{{/* The name an engine chart of the umbrella (dirabot-stack) gives its objects (the common bitnami/nats fullname rule). */}}
{{- define "dirabot.subchartFullname" -}}
{{- $values := index .root.Values .name -}}
{{- if $values.fullnameOverride -}}
{{- $values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else if contains .name .root.Release.Name -}}
{{- .root.Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .root.Release.Name .name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{/*
Ports. Every process has an internal listener (Connect/gRPC service calls, grpc.health.v1,
/healthz, /readyz, /metrics) on 8080, named `internal`; the gateway alone also has a public one
(SPA, /api, websocket) on 3000, named `http`. Probes, Prometheus and the *_SERVICE_URL of the
other processes use the internal port only; the Ingress uses the public one only.
*/}}
{{- define "dirabot.internalPort" -}}8080{{- end -}}
{{- define "dirabot.publicPort" -}}3000{{- end -}}
