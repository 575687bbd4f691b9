{{/*
Deployment and Services of one component: dict root, name, cfg, public, servicePort, serviceType,
appProtocol. Every pod has the internal port (`internal`, 8080); with `public` (the gateway) it
also has the public port (`http`, 3000). The component's Service carries the public port when
there is one (servicePort, serviceType: what the Ingress targets), else the internal port; the
gateway's internal port gets a ClusterIP Service of its own, <component>-internal, so a NodePort
or LoadBalancer gateway never exposes it. The `dirabot/listener` label tells the two apart
(the ServiceMonitor selects `internal`).
*/}}
{{- define "dirabot.deployment" -}}
{{- $root := .root -}}
{{- $cfg := .cfg -}}
{{- $facebookCookies := and (eq .name "scraper-facebook") (include "dirabot.hasFacebookCookies" $root) -}}
{{- $internalPort := include "dirabot.internalPort" $root -}}
apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ include "dirabot.componentName" . }}
  labels:
    {{- include "dirabot.labels" . | nindent 4 }}
spec:
  {{- if not $cfg.autoscaling.enabled }}
  replicas: {{ $cfg.replicas }}
  {{- end }}
  revisionHistoryLimit: 5
  {{- with $cfg.strategy }}
  strategy:
    {{- toYaml . | nindent 4 }}
  {{- end }}
  selector:
    matchLabels:
      {{- include "dirabot.selectorLabels" . | nindent 6 }}
  template:
    metadata:
      labels:
        {{- include "dirabot.selectorLabels" . | nindent 8 }}
        {{- with $root.Values.podLabels }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
      annotations:
        checksum/config: {{ include (print $root.Template.BasePath "/configmap.yaml") $root | sha256sum }}
        {{- if $root.Values.metrics.podAnnotations }}
        prometheus.io/scrape: "true"
        prometheus.io/port: {{ $internalPort | quote }}
        prometheus.io/path: /metrics
        {{- end }}
        {{- with merge (dict) $cfg.podAnnotations $root.Values.podAnnotations }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
    spec:
      serviceAccountName: {{ include "dirabot.serviceAccountName" $root }}
      automountServiceAccountToken: false
      # No docker-link variables: they would add <SERVICE>_PORT-style names to the environment.
      enableServiceLinks: false
      {{- with $root.Values.imagePullSecrets }}
      imagePullSecrets:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      securityContext:
        {{- toYaml $root.Values.podSecurityContext | nindent 8 }}
      containers:
        - name: {{ .name }}
          image: {{ include "dirabot.image" . | quote }}
          imagePullPolicy: {{ $root.Values.image.pullPolicy }}
          command: ["node", "scripts/product/start.ts"]
          ports:
            {{- if .public }}
            - name: http
              containerPort: {{ include "dirabot.publicPort" $root }}
              protocol: TCP
            {{- end }}
            - name: internal
              containerPort: {{ $internalPort }}
              protocol: TCP
          envFrom:
            - configMapRef:
                name: {{ include "dirabot.fullname" $root }}
          env:
            {{- include "dirabot.env" . | nindent 12 }}
          {{- include "dirabot.probes" . | trim | nindent 10 }}
          resources:
            {{- toYaml $cfg.resources | nindent 12 }}
          securityContext:
            {{- toYaml $root.Values.securityContext | nindent 12 }}
          volumeMounts:
            - name: data
              mountPath: /data
            - name: tmp
              mountPath: /tmp
            {{- if $cfg.browser }}
            - name: dshm
              mountPath: /dev/shm
            {{- end }}
            {{- if $facebookCookies }}
            - name: facebook-cookies
              mountPath: /etc/dirabot/facebook
              readOnly: true
            {{- end }}
      volumes:
        - name: data
          {{- if $cfg.persistence.enabled }}
          persistentVolumeClaim:
            claimName: {{ include "dirabot.componentName" . }}-data
          {{- else }}
          emptyDir:
            sizeLimit: {{ $cfg.persistence.size }}
          {{- end }}
        - name: tmp
          emptyDir:
            sizeLimit: 256Mi
        {{- if $cfg.browser }}
        # Chromium needs more shared memory than the runtime's 64Mi default.
        - name: dshm
          emptyDir:
            medium: Memory
            sizeLimit: 256Mi
        {{- end }}
        {{- if $facebookCookies }}
        - name: facebook-cookies
          secret:
            secretName: {{ include "dirabot.appSecretName" $root }}
            defaultMode: 0440
            items:
              - key: facebook-cookies.json
                path: cookies.json
            {{- if $root.Values.secrets.existingSecret }}
            optional: true
            {{- end }}
        {{- end }}
      {{- with $cfg.nodeSelector }}
      nodeSelector:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $cfg.tolerations }}
      tolerations:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $cfg.affinity }}
      affinity:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- if $root.Values.topologySpread.enabled }}
      topologySpreadConstraints:
        - maxSkew: {{ $root.Values.topologySpread.maxSkew }}
          topologyKey: {{ $root.Values.topologySpread.topologyKey }}
          whenUnsatisfiable: ScheduleAnyway
          labelSelector:
            matchLabels:
              {{- include "dirabot.selectorLabels" . | nindent 14 }}
      {{- end }}
---
apiVersion: v1
kind: Service
metadata:
  name: {{ include "dirabot.componentName" . }}
  labels:
    {{- include "dirabot.labels" . | nindent 4 }}
    dirabot/listener: {{ ternary "public" "internal" .public }}
spec:
  type: {{ .serviceType }}
  selector:
    {{- include "dirabot.selectorLabels" . | nindent 4 }}
  ports:
    {{- if .public }}
    - name: http
      port: {{ .servicePort }}
      targetPort: http
      protocol: TCP
    {{- else }}
    - name: internal
      port: {{ $internalPort }}
      targetPort: internal
      protocol: TCP
      {{- with .appProtocol }}
      appProtocol: {{ . }}
      {{- end }}
    {{- end }}
{{- if .public }}
---
apiVersion: v1
kind: Service
metadata:
  name: {{ include "dirabot.componentName" . }}-internal
  labels:
    {{- include "dirabot.labels" . | nindent 4 }}
    dirabot/listener: internal
spec:
  type: ClusterIP
  selector:
    {{- include "dirabot.selectorLabels" . | nindent 4 }}
  ports:
    - name: internal
      port: {{ $internalPort }}
      targetPort: internal
      protocol: TCP
      {{- with .appProtocol }}
      appProtocol: {{ . }}
      {{- end }}
{{- end }}
{{- end -}}
